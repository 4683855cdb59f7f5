import type OpenAI from 'openai';
import type { GenerateRequest, GenerateResponse, ModelBackend } from '../../model-backend';
import type { ModelSpec } from '../../model-spec';
import { errorContextOf } from '../map-sdk-error';
import { withRateLimits } from '../with-rate-limits';
import { convertOpenAIRequest } from './convert-openai-request';
import { mapOpenAIError } from './map-openai-error';
import { mapOpenAIResponse } from './map-openai-response';

/** Local servers ignore the key but the client refuses to start without one. */
export const PLACEHOLDER_KEY = 'not-needed';

export interface OpenAIBackendOptions {
  model: ModelSpec;
  /** The key, or undefined for a local server that needs none. */
  key: string | undefined;
  /** Where the key came from (`OPENAI_API_KEY`), named when the server refuses it. */
  key_source: string;
  /** `compatible` specs carry their own; `openai` defaults to the client's (or OPENAI_BASE_URL). */
  base_url?: string;
  /** Per-call limit when a request gives none, in milliseconds. */
  timeout_ms: number;
  fetch?: typeof fetch;
  /** Clock for reading reset times (default `Date.now`). */
  now?: () => number;
}

/**
 * The OpenAI chat-completions adapter, for OpenAI itself and any compatible server (vLLM, Ollama, llama.cpp). The
 * client never retries (`maxRetries: 0`): `withResilience` owns retries so they are counted, the slot is freed and the
 * wait follows the rate-limit headers (which the adapter reads on every reply, not only on a 429).
 */
export function createOpenAIBackend(options: OpenAIBackendOptions): ModelBackend {
  const { model } = options;
  const now = options.now ?? Date.now;
  const isOpenAI = model.provider === 'openai';
  // Imported on the first call: the SDK costs a noticeable part of a second to load, which no offline command should pay.
  let loaded: Promise<{ sdk: typeof import('openai'); client: OpenAI }> | undefined;
  const load = () =>
    (loaded ??= import('openai').then((sdk) => ({
      sdk,
      client: new sdk.default({
        apiKey: options.key ?? PLACEHOLDER_KEY,
        ...(options.base_url ? { baseURL: options.base_url } : {}),
        maxRetries: 0,
        timeout: options.timeout_ms,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        logLevel: 'off',
      }),
    })));
  return {
    spec: model.spec,
    model,
    async generate(request: GenerateRequest): Promise<GenerateResponse> {
      const { sdk, client } = await load();
      const params = convertOpenAIRequest(model.model, request, { isOpenAI });
      let body: unknown;
      let headers: Headers;
      try {
        ({
          data: body,
          response: { headers },
        } = await client.chat.completions
          .create(params, { timeout: request.timeout_ms ?? options.timeout_ms, maxRetries: 0 })
          .withResponse());
      } catch (error) {
        throw mapOpenAIError(error, errorContextOf(options, now()), sdk);
      }
      return withRateLimits(mapOpenAIResponse(model.spec, body, request), headers, now());
    },
  };
}
