import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface KeepAliveFetchOptions {
  /** Connections open at once to the server; more requests wait in the agent's queue. At least the calls in flight. */
  max_sockets: number;
  /** An idle connection is closed after this many milliseconds, before a server's usual 5 s keep-alive drops it. */
  idle_ms?: number;
}

/** Statuses whose response has no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const DEFAULT_IDLE_MS = 4000;

/**
 * A `fetch` for the model SDKs (their `fetch` option) on `node:http`/`node:https` with one keep-alive agent: a call
 * costs a third of the built-in fetch's CPU, which at 32 calls in flight is a large share of the run's thread. It
 * reads the whole body before it resolves, so the SDK's timeout (which aborts `init.signal`) covers the body too and
 * a connection dropped mid-body rejects the call as a connection failure, as a refused connection does. An aborted
 * signal rejects with the signal's reason or an `AbortError`, as fetch does, and closes the request. Anything the
 * SDKs never send (a `Request` object, a stream body) goes to the built-in fetch.
 */
export function createKeepAliveFetch(options: KeepAliveFetchOptions): typeof fetch {
  const agentOptions = { keepAlive: true, maxSockets: options.max_sockets, timeout: options.idle_ms ?? DEFAULT_IDLE_MS };
  const agents = { http: new HttpAgent(agentOptions), https: new HttpsAgent(agentOptions) };
  return (input, init) => {
    const body = init?.body;
    const isPlain =
      (typeof input === 'string' || input instanceof URL) && (body === undefined || body === null || typeof body === 'string');
    if (!isPlain) return fetch(input, init);
    return send(new URL(input), init ?? {}, body ?? undefined, agents);
  };
}

function send(url: URL, init: RequestInit, body: string | undefined, agents: { http: HttpAgent; https: HttpsAgent }): Promise<Response> {
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  const isHttps = url.protocol === 'https:';
  const headers = headerObject(init.headers);
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise<Response>((resolve, reject) => {
    const fail = (error: unknown) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    };
    const onAbort = () => {
      fail(abortReason(signal!));
      request.destroy();
    };
    const request = (isHttps ? httpsRequest : httpRequest)(
      url,
      { method: init.method ?? 'GET', headers, agent: isHttps ? agents.https : agents.http },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        const cut = () => fail(new TypeError('terminated: the connection closed before the whole body came'));
        response.on('error', fail);
        response.on('close', () => {
          if (!response.complete) cut();
        });
        response.on('end', () => {
          if (!response.complete) return cut();
          signal?.removeEventListener('abort', onAbort);
          try {
            resolve(toResponse(response, Buffer.concat(chunks)));
          } catch (error) {
            reject(error instanceof Error ? error : new TypeError(String(error)));
          }
        });
      },
    );
    request.on('error', fail);
    signal?.addEventListener('abort', onAbort, { once: true });
    request.end(body);
  });
}

function headerObject(headers: RequestInit['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  // The SDKs pass a Headers; a plain object or pairs go through one too, which checks and joins them as fetch does.
  for (const [name, value] of headers instanceof Headers ? headers : new Headers(headers)) flat[name] = value;
  return flat;
}

function toResponse(response: IncomingMessage, raw: Buffer): Response {
  const status = response.statusCode ?? 0;
  const headers = new Headers();
  const names = response.rawHeaders;
  for (let index = 0; index + 1 < names.length; index += 2) headers.append(names[index]!, names[index + 1]!);
  const body = NULL_BODY.has(status) ? null : decoded(raw, headers.get('content-encoding'));
  return new Response(body, { status, statusText: response.statusMessage ?? '', headers });
}

/** The body as the server meant it: fetch decompresses these, so a server that compresses anyway still reads. */
function decoded(raw: Buffer, encoding: string | null): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(raw);
    case 'deflate':
      return inflateSync(raw);
    case 'br':
      return brotliDecompressSync(raw);
    default:
      return raw;
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}
