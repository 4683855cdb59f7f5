import { ModelCallError } from '../model-call-error';
import { serverWait, type HeaderReader } from './rate-limit-headers';

/**
 * Who retries: this policy, not the SDKs (they are built, and called, with `maxRetries: 0`, so no attempt is doubled).
 * Whether to retry follows the error's kind, unless the server's `x-should-retry` header decides (`true`: retry,
 * `false`: never, whatever the status, as the SDKs' `shouldRetry` reads it). One policy for every provider,
 * retries counted for the run's summary, and the concurrency slot is released while a call waits out its backoff.
 * The wait follows the most specific thing the server said: `retry-after-ms`, else `retry-after`, else the reset of
 * the limit that ran out (`x-ratelimit-reset-requests`, `anthropic-ratelimit-tokens-reset`...), else the SDKs' own
 * backoff, 0.5 s x 2^n capped at 8 s with up to 25% jitter. Every wait is capped at `max_wait_ms`, lowered to the
 * call's timeout: a server asking for six minutes gets the cap, and the warning says so.
 */
export interface RetryPolicy {
  /** Retries after the first attempt (SDK default 2). */
  max_retries: number;
  initial_delay_ms: number;
  max_delay_ms: number;
  /** The longest wait before a retry, whatever the server asks (a call's timeout lowers it). */
  max_wait_ms: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  max_retries: 4,
  initial_delay_ms: 500,
  max_delay_ms: 8000,
  max_wait_ms: 60_000,
};

/** How long to wait before a retry, and why. */
export interface RetryWait {
  ms: number;
  /** The header followed (`retry-after-ms`, `retry-after`, `x-ratelimit-reset-requests`...) or `backoff`. */
  source: string;
  /** The header's text, as the server sent it. */
  said?: string;
  /** What the server asked for, when it was more than the cap (then `ms` is the cap). */
  asked_ms?: number;
}

/** The longest wait allowed: the policy's, lowered to the call's timeout when it has one. */
export function waitCap(policy: RetryPolicy, timeout_ms: number | undefined): number {
  return timeout_ms === undefined || timeout_ms <= 0 ? policy.max_wait_ms : Math.min(policy.max_wait_ms, timeout_ms);
}

/**
 * The wait before retry number `retry` (0-based) of a call that failed with `error`, or undefined when it must not be
 * retried. `jitter` in [0, 1) comes from the caller (a hash of the call), never `Math.random`; `cap_ms` bounds the
 * wait (default: the policy's `max_wait_ms`).
 */
export function retryWait(
  error: unknown,
  retry: number,
  policy: RetryPolicy,
  jitter: number,
  cap_ms = policy.max_wait_ms,
): RetryWait | undefined {
  if (!ModelCallError.isInstance(error) || !error.isRetryable) return undefined;
  if (retry >= policy.max_retries) return undefined;
  const cap = Math.max(0, cap_ms);
  const asked = error.wait;
  if (asked !== undefined && asked.ms >= 0) {
    return asked.ms <= cap
      ? { ms: asked.ms, source: asked.header, said: asked.value }
      : { ms: cap, source: asked.header, said: asked.value, asked_ms: asked.ms };
  }
  const backoff = Math.min(policy.initial_delay_ms * 2 ** retry, policy.max_delay_ms);
  return { ms: Math.min(cap, Math.round(backoff * (1 - 0.25 * jitter))), source: 'backoff' };
}

/** Milliseconds of `retryWait`. */
export function retryDelay(error: unknown, retry: number, policy: RetryPolicy, jitter: number, cap_ms?: number): number | undefined {
  return retryWait(error, retry, policy, jitter, cap_ms)?.ms;
}

/**
 * A `retry-after-ms` or `retry-after` header (seconds, or an HTTP date measured against `now`) in milliseconds;
 * undefined when absent or unreadable. `serverWait` also reads the reset headers.
 */
export function retryAfterMs(headers: HeaderReader | undefined, now: number): number | undefined {
  const wait = serverWait(headers, now);
  return wait !== undefined && wait.header.startsWith('retry-after') ? wait.ms : undefined;
}

/**
 * The `x-should-retry` header as the official openai and @anthropic-ai/sdk clients read it (`shouldRetry`): exactly
 * `true` forces a retry and exactly `false` forbids one, whatever the status; anything else (or none) leaves it to
 * the status. Undefined when it does not decide.
 */
export function shouldRetryHeader(headers: HeaderReader | undefined): boolean | undefined {
  const value = headers?.get('x-should-retry');
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

/** Milliseconds as the warnings write them: `6.0 s`. */
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The retry warning for one wait: `rate limited by openai:gpt-4.1-mini; waited 6.0 s as x-ratelimit-reset-requests
 * said` (a 429), `openai:gpt-4.1-mini answered 503; waited 1.0 s as retry-after said` (anything else retried).
 */
export function retryWaitText(spec: string, error: unknown, wait: RetryWait): string {
  const what = ModelCallError.isInstance(error)
    ? error.kind === 'rate_limit'
      ? `rate limited by ${spec}`
      : error.status !== undefined
        ? `${spec} answered ${error.status}`
        : `${spec} failed (${error.kind})`
    : `${spec} failed`;
  if (wait.source === 'backoff') return `${what}; waited ${seconds(wait.ms)} (backoff: the server named no wait)`;
  if (wait.asked_ms !== undefined)
    return (
      `${what}; waited ${seconds(wait.ms)}, the longest wait allowed, though ${wait.source} said ` +
      `${wait.said ?? seconds(wait.asked_ms)}`
    );
  return `${what}; waited ${seconds(wait.ms)} as ${wait.source} said`;
}
