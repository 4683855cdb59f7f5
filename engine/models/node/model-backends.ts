import { setTimeout as sleep } from 'node:timers/promises';
import { CallStats, type CallStatsSnapshot } from '../resilience/call-stats';
import { ConcurrencyLimit } from '../resilience/concurrency-limit';
import { baseUrlOf, withEndpoint, type BaseUrlOverrides } from '../endpoint';
import { keyVariablesFor, needsKey } from '../key-variable';
import type { ModelBackend } from '../model-backend';
import type { ModelSpec } from '../model-spec';
import { RatePause } from '../resilience/rate-pause';
import { withResilience, type ResilientBackend } from '../resilience/resilient-backend';
import type { RetryPolicy } from '../resilience/retry-policy';
import { createAnthropicBackend } from './anthropic/anthropic-backend';
import { createKeepAliveFetch } from './keep-alive-fetch';
import { MissingKeyError } from './missing-key-error';
import { createOpenAIBackend } from './openai/openai-backend';

/** SDK default: `max(300, agent_max_tokens / 4)` seconds. */
export const DEFAULT_CALL_TIMEOUT_MS = 300_000;

export interface ModelBackendsOptions {
  /** Looks a key up by variable name (environment, then the app's stored keys). Values never leave the adapters. */
  key(variable: string): string | undefined;
  /** Overrides for the hosted APIs' base URLs (OPENAI_BASE_URL, ANTHROPIC_BASE_URL); a spec's own `@<base_url>` wins. */
  base_urls?: BaseUrlOverrides;
  /** Calls in flight per server (every role on the same server shares it). */
  concurrency: number;
  timeout_ms?: number;
  retry?: RetryPolicy;
  /** The HTTP client for every server; default one keep-alive `createKeepAliveFetch` per server. */
  fetch?: typeof fetch;
  /** Replaced in tests so a backoff takes no time. */
  sleep?: (ms: number) => Promise<void>;
  /** Clock in milliseconds (default `Date.now`): reset times are measured from it and a paused limit waits on it with `sleep`. */
  now?: () => number;
}

/**
 * The backends of one run, built on the real clients: one per model spec (resolved against the base URL overrides, so
 * its `spec` names the server that answers), one concurrency limit per server (every
 * model there shares it), one rate-limit pause per (server, model) — OpenAI and Anthropic limit each model on its
 * own, so a limit used up by one model holds only that model's calls — and one set of call figures per model.
 * Asking twice for a spec gives the same backend.
 */
export class ModelBackends {
  readonly #backends = new Map<string, ResilientBackend>();
  /** By server (base URL). */
  readonly #limits = new Map<string, ConcurrencyLimit>();
  /** By server and model name. */
  readonly #pauses = new Map<string, RatePause>();
  /** By server (base URL): its connections are kept open between calls. */
  readonly #fetches = new Map<string, typeof fetch>();

  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #timeoutMs: number;

  constructor(private readonly options: ModelBackendsOptions) {
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? ((ms) => sleep(ms));
    this.#timeoutMs = options.timeout_ms ?? DEFAULT_CALL_TIMEOUT_MS;
  }

  get(asked: ModelSpec): ResilientBackend {
    const model = withEndpoint(asked, this.options.base_urls);
    const existing = this.#backends.get(model.spec);
    if (existing) return existing;
    const server = baseUrlOf(model);
    let limit = this.#limits.get(server);
    if (!limit) {
      limit = new ConcurrencyLimit(this.options.concurrency);
      this.#limits.set(server, limit);
    }
    const pauseKey = JSON.stringify([server, model.model]);
    let pause = this.#pauses.get(pauseKey);
    if (!pause) {
      pause = new RatePause({ now: this.#now, sleep: this.#sleep });
      this.#pauses.set(pauseKey, pause);
    }
    const backend = withResilience(this.#raw(model), {
      limit,
      pause,
      ...(this.options.retry ? { retry: this.options.retry } : {}),
      sleep: this.#sleep,
      stats: new CallStats(model.spec),
      timeout_ms: this.#timeoutMs,
    });
    this.#backends.set(model.spec, backend);
    return backend;
  }

  /** Figures for every model used so far, in the order first used. */
  stats(): CallStatsSnapshot[] {
    return [...this.#backends.values()].map((backend) => backend.stats.snapshot());
  }

  #fetchFor(server: string): typeof fetch {
    let found = this.#fetches.get(server);
    if (!found) {
      found = createKeepAliveFetch({ max_sockets: this.options.concurrency });
      this.#fetches.set(server, found);
    }
    return found;
  }

  #raw(model: ModelSpec): ModelBackend {
    const variables = keyVariablesFor(model);
    const found = variables
      .map((variable) => [variable, this.options.key(variable)] as const)
      .find(([, value]) => value !== undefined && value !== '');
    if (!found && needsKey(model)) throw new MissingKeyError(model.spec, variables);
    const common = {
      model,
      key: found?.[1],
      key_source: found?.[0] ?? 'no key',
      timeout_ms: this.#timeoutMs,
      now: this.#now,
      fetch: this.options.fetch ?? this.#fetchFor(baseUrlOf(model)),
    };
    switch (model.provider) {
      case 'openai':
      case 'compatible':
        return createOpenAIBackend({ ...common, base_url: baseUrlOf(model) });
      case 'anthropic':
        return createAnthropicBackend({ ...common, base_url: baseUrlOf(model) });
      default: {
        const unreachable: never = model.provider;
        return unreachable;
      }
    }
  }
}
