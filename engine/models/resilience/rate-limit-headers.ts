/**
 * What a server's rate-limit headers say, in provider-neutral terms. OpenAI sends
 * `x-ratelimit-{limit,remaining,reset}-{requests,tokens}` (reset as a duration: `20ms`, `1s`, `6m0s`); Anthropic
 * sends `anthropic-ratelimit-{requests,tokens,input-tokens,output-tokens}-{limit,remaining,reset}` (reset as an
 * RFC 3339 time); both may send `retry-after` (seconds or an HTTP date) and OpenAI `retry-after-ms`. Local servers
 * send none of them.
 */

/** Anything with a `get` like the fetch `Headers` (names are case-insensitive there). */
export interface HeaderReader {
  get(name: string): string | null;
}

/** A wait a server asked for, and the header that said so (named in the retry warning). */
export interface ServerWait {
  /** Milliseconds from now, >= 0. */
  ms: number;
  /** `retry-after-ms`, `retry-after`, `x-ratelimit-reset-requests`, `anthropic-ratelimit-tokens-reset`... */
  header: string;
  /** The header's text as sent (`6m0s`, `2026-11-30T08:00:00Z`). */
  value: string;
}

/** One limit a server reported: how much of it is left and when it refills. */
export interface RateLimitWindow {
  /** `requests`, `tokens`, `input-tokens` or `output-tokens`. */
  name: string;
  remaining?: number;
  limit?: number;
  /** When it refills, when the server said. */
  reset?: ServerWait;
}

const OPENAI_WINDOWS = ['requests', 'tokens'] as const;
const ANTHROPIC_WINDOWS = ['requests', 'tokens', 'input-tokens', 'output-tokens'] as const;

const UNIT_MS: Readonly<Record<string, number>> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001, µs: 0.001, ns: 0.000001 };
const DURATION = /^(?:\d+(?:\.\d+)?(?:h|ms|m|s|us|µs|ns))+$/;
const DURATION_PART = /(\d+(?:\.\d+)?)(h|ms|m|s|us|µs|ns)/g;

const present = (value: string | null): value is string => value !== null && value.trim() !== '';

/** A Go-style duration (`20ms`, `1s`, `6m0s`, `1h2m3.5s`) in milliseconds; undefined when it is not one. */
export function parseDuration(text: string): number | undefined {
  const value = text.trim();
  if (!DURATION.test(value)) return undefined;
  let total = 0;
  for (const [, amount, unit] of value.matchAll(DURATION_PART)) total += Number(amount) * (UNIT_MS[unit!] ?? 0);
  return total;
}

/**
 * A reset header's milliseconds from `now`: a duration (OpenAI), bare seconds (some compatible servers), or a time
 * (Anthropic's RFC 3339, or an HTTP date). A time already past is 0; unreadable text is undefined.
 */
export function resetMs(text: string, now: number): number | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000));
  const duration = parseDuration(value);
  if (duration !== undefined) return Math.round(duration);
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : Math.max(0, time - now);
}

function count(text: string | null): number | undefined {
  if (!present(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function window(
  headers: HeaderReader,
  name: string,
  names: { limit: string; remaining: string; reset: string },
  now: number,
): RateLimitWindow | undefined {
  const remaining = count(headers.get(names.remaining));
  const limit = count(headers.get(names.limit));
  const resetText = headers.get(names.reset);
  const ms = present(resetText) ? resetMs(resetText, now) : undefined;
  if (remaining === undefined && limit === undefined && ms === undefined) return undefined;
  return {
    name,
    ...(remaining === undefined ? {} : { remaining }),
    ...(limit === undefined ? {} : { limit }),
    ...(ms === undefined ? {} : { reset: { ms, header: names.reset, value: resetText!.trim() } }),
  };
}

/** Every limit the headers describe, OpenAI's names first, then Anthropic's. */
export function rateLimitWindows(headers: HeaderReader | undefined, now: number): RateLimitWindow[] {
  if (!headers) return [];
  const windows: RateLimitWindow[] = [];
  for (const name of OPENAI_WINDOWS) {
    const found = window(
      headers,
      name,
      { limit: `x-ratelimit-limit-${name}`, remaining: `x-ratelimit-remaining-${name}`, reset: `x-ratelimit-reset-${name}` },
      now,
    );
    if (found) windows.push(found);
  }
  for (const name of ANTHROPIC_WINDOWS) {
    const prefix = `anthropic-ratelimit-${name}`;
    const found = window(headers, name, { limit: `${prefix}-limit`, remaining: `${prefix}-remaining`, reset: `${prefix}-reset` }, now);
    if (found) windows.push(found);
  }
  return windows;
}

/** A limit whose refill time the server gave. */
export type TimedWindow = RateLimitWindow & { reset: ServerWait };

const isTimed = (window: RateLimitWindow): window is TimedWindow => window.reset !== undefined;
const latest = (windows: readonly TimedWindow[]): TimedWindow | undefined =>
  windows.reduce<TimedWindow | undefined>(
    (best, window) => (best === undefined || window.reset.ms > best.reset.ms ? window : best),
    undefined,
  );

/** The limit at 0 that refills last (every limit at 0 must refill before a call can pass), or undefined when none is. */
export function exhaustedWindow(windows: readonly RateLimitWindow[]): TimedWindow | undefined {
  return latest(windows.filter(isTimed).filter((window) => window.remaining !== undefined && window.remaining <= 0));
}

/**
 * On a 429, the refill of the limit that ran out: the limits at 0, else the one with the smallest share left (a
 * token limit refuses a request bigger than what is left before it reaches 0), else, with no shares to compare,
 * the latest refill named (we cannot tell which ran out; after it every one has refilled).
 */
export function refusedLimitReset(windows: readonly RateLimitWindow[]): ServerWait | undefined {
  const timed = windows.filter(isTimed);
  const exhausted = exhaustedWindow(timed);
  if (exhausted) return exhausted.reset;
  const shares = timed.filter((window) => window.remaining !== undefined && window.limit !== undefined && window.limit > 0);
  if (shares.length > 0) {
    const share = (window: TimedWindow) => window.remaining! / window.limit!;
    return shares.reduce((best, window) => (share(window) < share(best) ? window : best)).reset;
  }
  return latest(timed)?.reset;
}

/**
 * The wait a refusal's headers ask for, the most specific first: `retry-after-ms`, then `retry-after` (seconds or
 * an HTTP date), then the reset of the limit that ran out. Undefined when they name none (the caller backs off).
 */
export function serverWait(headers: HeaderReader | undefined, now: number): ServerWait | undefined {
  if (!headers) return undefined;
  const millis = headers.get('retry-after-ms');
  if (present(millis) && Number.isFinite(Number(millis)))
    return { ms: Math.max(0, Math.round(Number(millis))), header: 'retry-after-ms', value: millis.trim() };
  const after = headers.get('retry-after');
  if (present(after)) {
    const seconds = Number(after);
    if (Number.isFinite(seconds)) return { ms: Math.max(0, Math.round(seconds * 1000)), header: 'retry-after', value: after.trim() };
    const date = Date.parse(after);
    if (!Number.isNaN(date)) return { ms: Math.max(0, date - now), header: 'retry-after', value: after.trim() };
  }
  return refusedLimitReset(rateLimitWindows(headers, now));
}
