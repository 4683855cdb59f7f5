/**
 * How long the Hub may take to answer a request before the push gives up: the answer's headers must arrive within
 * this many milliseconds, plus one more per `HUB_MIN_BYTES_PER_MS` bytes the request sends (an LFS upload of a large
 * split over a slow link). Without it, an address that accepts the connection and never answers hung a push for
 * 90 seconds and more, silently.
 */
export const hubTimeouts = { answer_ms: 30_000, min_bytes_per_ms: 64 };

const marker = 'while-studio.main.hub.hub-timeout';
const symbol = Symbol.for(marker);

/** The Hub did not answer one request in time. */
export class HubTimeoutError extends Error {
  private readonly [symbol] = true;

  constructor(
    readonly url: string,
    readonly milliseconds: number,
  ) {
    super(`no answer from ${url} within ${milliseconds} ms`);
    this.name = 'HubTimeoutError';
  }

  static isInstance(error: unknown): error is HubTimeoutError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}

function bodyBytes(body: unknown): number {
  if (body instanceof Blob) return body.size;
  if (typeof body === 'string') return Buffer.byteLength(body);
  if (ArrayBuffer.isView(body)) return body.byteLength;
  if (body instanceof ArrayBuffer) return body.byteLength;
  return 0;
}

/**
 * `fetch` for the Hub library with a deadline per request (see hubTimeouts), which also ends when `signal` (the job's
 * cancel) fires. A request past its deadline fails with HubTimeoutError.
 */
export function timedHubFetch(signal?: AbortSignal): typeof fetch {
  return async (input, init) => {
    const milliseconds = hubTimeouts.answer_ms + Math.ceil(bodyBytes(init?.body) / hubTimeouts.min_bytes_per_ms);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), milliseconds);
    const signals = [deadline.signal, ...(init?.signal ? [init.signal] : []), ...(signal ? [signal] : [])];
    try {
      return await fetch(input, { ...init, signal: AbortSignal.any(signals) });
    } catch (error) {
      if (deadline.signal.aborted && !signal?.aborted && !init?.signal?.aborted) {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        throw new HubTimeoutError(url, milliseconds);
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
}
