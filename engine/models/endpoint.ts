import type { ModelProvider, ModelSpec } from './model-spec';

/** The hosted APIs' base URLs when nothing overrides them (the clients' own defaults). */
export const DEFAULT_BASE_URLS = { openai: 'https://api.openai.com/v1', anthropic: 'https://api.anthropic.com' } as const;

/** Overrides of the hosted APIs' base URLs (`OPENAI_BASE_URL`, `ANTHROPIC_BASE_URL`). */
export interface BaseUrlOverrides {
  openai?: string;
  anthropic?: string;
}

/** Trailing slashes off, so `http://h:8000/v1/` and `http://h:8000/v1` name the same server. */
export function normalizeBaseUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** The URL without a `user:password@` part: what provenance may show of it. */
export function withoutCredentials(url: string): string {
  return url.replace(/^(https?:\/\/)[^@/?#]*@/i, '$1');
}

/**
 * A model spec with its canonical string: `provider:model`, plus `@<base_url>` when the model is called anywhere but
 * its provider's default server (a `compatible` model always is). The string never carries credentials.
 */
export function endpointModel(provider: ModelProvider, model: string, baseUrl: string | undefined): ModelSpec {
  const url = baseUrl === undefined ? undefined : normalizeBaseUrl(baseUrl);
  const isDefault = provider !== 'compatible' && url === DEFAULT_BASE_URLS[provider];
  if (url === undefined || url === '' || isDefault) return { provider, model, spec: `${provider}:${model}` };
  return { provider, model, base_url: url, spec: `${provider}:${model}@${withoutCredentials(url)}` };
}

/**
 * The model as it will be called: a hosted model without a base URL of its own takes the override (the environment's
 * `OPENAI_BASE_URL` / `ANTHROPIC_BASE_URL`), so rows, grades and `policy_version` name the server that answered.
 */
export function withEndpoint(model: ModelSpec, overrides: BaseUrlOverrides | undefined): ModelSpec {
  if (model.base_url !== undefined || model.provider === 'compatible') return model;
  const override = overrides?.[model.provider];
  return override ? endpointModel(model.provider, model.model, override) : model;
}

/** The base URL a model is called on. */
export function baseUrlOf(model: ModelSpec): string {
  if (model.base_url !== undefined) return model.base_url;
  return model.provider === 'compatible' ? '' : DEFAULT_BASE_URLS[model.provider];
}

/** The spec string with the base URL in the form a person should write it, for advice. */
function specWithUrl(model: ModelSpec, url: string): string {
  return `${model.provider}:${model.model}@${withoutCredentials(url)}`;
}

/**
 * What a 404 from the server most likely means, when the base URL explains it: an OpenAI-compatible server (vLLM,
 * Ollama, llama.cpp) serves its API under `/v1`, and the Anthropic client adds `/v1/messages` itself. Undefined when
 * the URL looks right (then the model name is the likelier culprit).
 */
export function notFoundHint(model: ModelSpec): string | undefined {
  const url = baseUrlOf(model);
  const match = /^https?:\/\/[^/?#]+([^?#]*)/i.exec(url);
  if (!match) return undefined;
  const path = match[1]!.replace(/\/+$/, '');
  if (model.provider === 'anthropic') {
    if (!/\/v1$/.test(path)) return undefined;
    return `the Anthropic client adds /v1/messages itself: drop the /v1 and write ${specWithUrl(model, url.replace(/\/v1\/*$/, ''))}`;
  }
  if (/\/v1(\/|$)/.test(path)) return undefined;
  return `OpenAI-compatible servers such as vLLM, Ollama and llama.cpp answer under /v1: write ${specWithUrl(model, `${url}/v1`)}`;
}
