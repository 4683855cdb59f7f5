import type Anthropic from '@anthropic-ai/sdk';
import type { GenerateRequest, GenerateResponse, ModelBackend } from '../../model-backend';
import type { ModelSpec } from '../../model-spec';
import { errorContextOf } from '../map-sdk-error';
import { withRateLimits } from '../with-rate-limits';
import { convertAnthropicRequest } from './convert-anthropic-request';
import { mapAnthropicError } from './map-anthropic-error';
import { mapAnthropicResponse } from './map-anthropic-response';

export interface AnthropicBackendOptions {
  model: ModelSpec;
  key: string | undefined;
  /** Where the key came from (`ANTHROPIC_API_KEY`), named when the server refuses it. */
  key_source: string;
  /** Defaults to the client's (ANTHROPIC_BASE_URL, else api.anthropic.com). */
  base_url?: string;
  timeout_ms: number;
  fetch?: typeof fetch;
  /** Clock for reading reset times (default `Date.now`). */
  now?: () => number;
}

/**
 * The Anthropic Messages adapter. Anthropic returns no log-probabilities, so a request asking for them gets none.
 * The client never retries (`maxRetries: 0`): `withResilience` owns retries, timed by the rate-limit headers the
 * adapter reads on every reply.
 */
export function createAnthropicBackend(options: AnthropicBackendOptions): ModelBackend {
  const { model } = options;
  const now = options.now ?? Date.now;
  // Imported on the first call: the SDK costs about a second to load, which no offline command should pay.
  let loaded: Promise<{ sdk: typeof import('@anthropic-ai/sdk'); client: Anthropic }> | undefined;
  const load = () =>
    (loaded ??= import('@anthropic-ai/sdk').then((sdk) => ({
      sdk,
      client: new sdk.default({
        apiKey: options.key ?? null,
        ...(options.base_url ? { baseURL: options.base_url } : {}),
        maxRetries: 0,
        timeout: options.timeout_ms,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        logLevel: 'off',
      }),
    })));
  // `messages.create` prints a deprecation notice to the console on every call of a retired model: the first call
  // goes through it, so the notice shows once per run, and later calls post the same body to the same endpoint.
  let noticeShown = false;
  return {
    spec: model.spec,
    model,
    async generate(request: GenerateRequest): Promise<GenerateResponse> {
      const { sdk, client } = await load();
      const params = convertAnthropicRequest(model.model, request);
      const callOptions = { timeout: request.timeout_ms ?? options.timeout_ms, maxRetries: 0 };
      let body: unknown;
      let headers: Headers;
      try {
        if (noticeShown) {
          ({
            data: body,
            response: { headers },
          } = await client.post('/v1/messages', { body: params, ...callOptions }).withResponse());
        } else {
          noticeShown = true;
          ({
            data: body,
            response: { headers },
          } = await client.messages.create(params, callOptions).withResponse());
        }
      } catch (error) {
        throw mapAnthropicError(error, errorContextOf(options, now()), sdk);
      }
      return withRateLimits(mapAnthropicResponse(model.spec, body, request), headers, now());
    },
  };
}
