import { ModelCallError } from './model-call-error';

/**
 * Who retries: this policy, not the SDKs (they are built with `maxRetries: 0`). One policy for every provider,
 * retries counted for the run's summary, and the concurrency slot is released while a call waits out its backoff.
 * The delays are the SDKs' own: `retry-after-ms`, else `retry-after`, else 0.5 s x 2^n capped at 8 s with up to
 * 25% jitter; a server wait over `max_retry_after_ms` falls back to the backoff, as the SDKs do.
 */
export interface RetryPolicy {
  /** Retries after the first attempt (SDK default 2). */
  max_retries: number;
  initial_delay_ms: number;
  max_delay_ms: number;
  /** A longer `retry-after` than this is not trusted (SDK: 60 s). */
  max_retry_after_ms: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  max_retries: 4,
  initial_delay_ms: 500,
  max_delay_ms: 8000,
  max_retry_after_ms: 60_000,
};

/**
 * Milliseconds to wait before retry number `retry` (0-based) of a call that failed with `error`, or undefined when
 * it must not be retried. `jitter` in [0, 1) comes from the caller (a hash of the call), never `Math.random`.
 */
export function retryDelay(error: unknown, retry: number, policy: RetryPolicy, jitter: number): number | undefined {
  if (!ModelCallError.isInstance(error) || !error.isRetryable) return undefined;
  if (retry >= policy.max_retries) return undefined;
  const asked = error.retry_after_ms;
  if (asked !== undefined && asked >= 0 && asked <= policy.max_retry_after_ms) return asked;
  const backoff = Math.min(policy.initial_delay_ms * 2 ** retry, policy.max_delay_ms);
  return Math.round(backoff * (1 - 0.25 * jitter));
}

/**
 * A `retry-after-ms` or `retry-after` header (seconds, or an HTTP date measured against `now`) in milliseconds;
 * undefined when absent or unreadable.
 */
export function retryAfterMs(headers: { get(name: string): string | null } | undefined, now: number): number | undefined {
  if (!headers) return undefined;
  const millis = headers.get('retry-after-ms');
  if (millis !== null && millis.trim() !== '' && Number.isFinite(Number(millis))) return Math.max(0, Number(millis));
  const after = headers.get('retry-after');
  if (after === null || after.trim() === '') return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000));
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
