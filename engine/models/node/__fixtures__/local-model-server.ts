// A local server that speaks OpenAI chat completions and Anthropic messages, for tests and the backend bench:
// the real `openai` and `@anthropic-ai/sdk` clients talk to it over HTTP. Replies come from a "brain" (a function
// of the request), faults are injected per request, and every request is recorded.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultBrain } from './default-brain';
import {
  anthropicBody,
  anthropicView,
  errorFor,
  openaiBody,
  openaiView,
  rateLimitHeaders,
  type Json,
  type ServerView,
} from './server-protocols';

export interface ServerTurn {
  role: 'user' | 'assistant' | 'tool';
  content: string;
  tool_calls?: { id: string; name: string; arguments: unknown }[];
  tool_call_id?: string;
}

/** A request as the brain reads it, whichever protocol it came in. */
export interface ServerRequest {
  protocol: 'openai' | 'anthropic';
  /** 0-based, in arrival order. */
  index: number;
  model: string;
  system: string;
  messages: ServerTurn[];
  tools: { name: string; description: string; parameters: Record<string, unknown> }[];
  temperature: number | undefined;
  logprobs: boolean;
  /** Structured output asked for (OpenAI `response_format`, or Anthropic's forced tool). */
  json_schema?: { name: string; schema: Record<string, unknown> };
  key: string | undefined;
  body: Record<string, unknown>;
}

export interface BrainReply {
  text?: string;
  /** `arguments` as an object, or as raw text (to send broken JSON). */
  tool_calls?: { name: string; arguments: unknown }[];
  /** For structured output: the JSON value to answer with. */
  json?: unknown;
  finish?: 'stop' | 'length';
}

export type Brain = (request: ServerRequest) => BrainReply | Promise<BrainReply>;

/** One limit as the server reports it: how many are allowed, how many are left, and when it refills. */
export interface LimitState {
  limit: number;
  remaining: number;
  /** Milliseconds from now until it refills. */
  reset_ms: number;
}

/** The limits a server reports in its rate-limit headers (OpenAI's or Anthropic's names, by the request's protocol). */
export interface RateLimitState {
  requests?: LimitState;
  tokens?: LimitState;
}

/** On an error answer: the `x-should-retry` header the SDKs obey (`true`/`false`), none when undefined. */
interface ShouldRetry {
  should_retry?: boolean;
}

export type Fault =
  /**
   * A 429: `retry-after` / `retry-after-ms` when given (`retry_after_s` may be fractional: `0.2`), and with `limits`
   * the rate-limit headers too (OpenAI's `x-ratelimit-*`, reset as a duration; Anthropic's `anthropic-ratelimit-*`,
   * reset as an RFC 3339 time).
   */
  | ({ kind: 'rate_limit'; retry_after_s?: number; retry_after_ms?: number; limits?: RateLimitState } & ShouldRetry)
  | ({ kind: 'server_error'; status?: number; retry_after_ms?: number } & ShouldRetry)
  | { kind: 'slow'; delay_ms: number }
  /** The connection closes halfway through the body. */
  | { kind: 'cut_off' }
  /** A 200 whose tool-call arguments are not JSON (Anthropic: a string where an object belongs). */
  | { kind: 'broken_tool_json' }
  | ({ kind: 'auth' } & ShouldRetry)
  | ({ kind: 'quota' } & ShouldRetry)
  /** A plain 400 `invalid_request_error` naming no parameter. */
  | ({ kind: 'bad_request' } & ShouldRetry)
  | { kind: 'reject_temperature' }
  /** Anthropic's 400 for a temperature above 1 (its range is 0 to 1); the server sends it on its own. */
  | { kind: 'temperature_range' };

export interface LocalModelServerOptions {
  brain?: Brain;
  /** The only key accepted (else any); a wrong key gets a 401 that echoes it, as a careless server would. */
  key?: string;
  /** Added to every answer, in milliseconds. */
  latency_ms?: number;
  faults?: (request: ServerRequest) => Fault | undefined;
  /** Models that refuse `temperature` the way reasoning models do. */
  no_temperature_models?: readonly string[];
  /** Models that take `logprobs` but return none (`logprobs: null`), as some servers and models do. */
  no_logprobs_models?: readonly string[];
  /** Rate-limit headers on every successful answer (none by default, as local servers send none). */
  rate_limits?: (request: ServerRequest) => RateLimitState | undefined;
  /** The server's clock for Anthropic's reset times (default `Date.now`; a test's fake clock keeps them exact). */
  now?: () => number;
}

export interface RecordedRequest {
  protocol: 'openai' | 'anthropic';
  model: string;
  body: Record<string, unknown>;
  /** The fault injected into this request, if any. */
  fault?: Fault['kind'];
  status: number;
}

export interface LocalModelServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** For the OpenAI client and `compatible:` specs. */
  openai_base_url: string;
  /** For the Anthropic client (it appends `/v1/messages`). */
  anthropic_base_url: string;
  readonly requests: RecordedRequest[];
  /** Calls in flight now, and the most ever in flight at once. */
  readonly in_flight: number;
  readonly max_in_flight: number;
  setFaults(faults: LocalModelServerOptions['faults']): void;
  setBrain(brain: Brain): void;
  setRateLimits(rateLimits: LocalModelServerOptions['rate_limits']): void;
  close(): Promise<void>;
}

function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    request.on('error', reject);
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startLocalModelServer(options: LocalModelServerOptions = {}): Promise<LocalModelServer> {
  let brain = options.brain ?? defaultBrain;
  let faults = options.faults;
  let rateLimits = options.rate_limits;
  const now = options.now ?? Date.now;
  const requests: RecordedRequest[] = [];
  const noTemperature = new Set(options.no_temperature_models ?? []);
  const noLogprobs = new Set(options.no_logprobs_models ?? []);
  let count = 0;
  let inFlight = 0;
  let maxInFlight = 0;

  const send = (response: ServerResponse, status: number, body: Json, headers: Record<string, string> = {}) => {
    if (response.destroyed) return;
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method === 'GET' && path === '/_admin/requests') {
      const tally = (pick: (record: RecordedRequest) => string | undefined) =>
        requests.reduce<Record<string, number>>((counts, record) => {
          const name = pick(record);
          if (name !== undefined) counts[name] = (counts[name] ?? 0) + 1;
          return counts;
        }, {});
      send(response, 200, {
        count: requests.length,
        by_status: tally((record) => String(record.status)),
        faults: tally((record) => record.fault),
        models: tally((record) => `${record.protocol}:${record.model}`),
        max_in_flight: maxInFlight,
      });
      return;
    }
    // Served under /v1 only, as vLLM, Ollama and llama.cpp serve it: a base URL without /v1 gets their 404.
    const protocol = path === '/v1/chat/completions' ? 'openai' : path === '/v1/messages' ? 'anthropic' : undefined;
    if (request.method !== 'POST' || protocol === undefined) {
      send(response, 404, { error: { message: `no route ${request.method} ${path}`, type: 'not_found', code: null, param: null } });
      return;
    }
    const body = await readJson(request);
    const index = count++;
    const bearer = request.headers.authorization?.replace(/^Bearer\s+/i, '');
    const key = protocol === 'openai' ? bearer : ((request.headers['x-api-key'] as string | undefined) ?? bearer);
    const read = protocol === 'openai' ? openaiView(body) : anthropicView(body);
    const view = noLogprobs.has(read.model) ? { ...read, logprobs: false } : read;
    const full: ServerRequest = { ...view, index, key, body };
    const record: RecordedRequest = { protocol, model: view.model, body, status: 200 };
    requests.push(record);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      if (options.latency_ms) await wait(options.latency_ms);
      let fault: Fault | undefined = options.key !== undefined && key !== options.key ? { kind: 'auth' } : faults?.(full);
      if (!fault && noTemperature.has(view.model) && view.temperature !== undefined) fault = { kind: 'reject_temperature' };
      if (!fault && protocol === 'anthropic' && (view.temperature ?? 0) > 1) fault = { kind: 'temperature_range' };
      if (fault) record.fault = fault.kind;
      if (fault?.kind === 'slow') await wait(fault.delay_ms);
      const error = fault ? errorFor(protocol, fault, key, now()) : undefined;
      if (error) {
        record.status = error.status;
        send(response, error.status, error.body, error.headers);
        return;
      }
      const reply = await brain(full);
      const broken = fault?.kind === 'broken_tool_json';
      // Broken tool JSON can only break a reply that calls a tool; on any other reply the fault never happened.
      if (broken && !repliesWithToolCalls(view, reply)) delete record.fault;
      const answer = protocol === 'openai' ? openaiBody(view, reply, broken, index) : anthropicBody(view, reply, broken, index);
      if (fault?.kind === 'cut_off') {
        const payload = JSON.stringify(answer);
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) });
        response.write(payload.slice(0, Math.floor(payload.length / 2)));
        response.socket?.destroy();
        return;
      }
      const limits = rateLimits?.(full);
      send(response, 200, answer, limits ? rateLimitHeaders(protocol, limits, now()) : {});
    } finally {
      inFlight--;
    }
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      send(response, 500, { error: { message: String(error), type: 'server_error', code: null, param: null } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    openai_base_url: `${url}/v1`,
    anthropic_base_url: url,
    requests,
    get in_flight() {
      return inFlight;
    },
    get max_in_flight() {
      return maxInFlight;
    },
    setFaults(next) {
      faults = next;
    },
    setBrain(next) {
      brain = next;
    },
    setRateLimits(next) {
      rateLimits = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function repliesWithToolCalls(view: ServerView, reply: BrainReply): boolean {
  const structured = view.json_schema && reply.json !== undefined;
  return !structured && (reply.tool_calls?.length ?? 0) > 0;
}

/**
 * Faults on a share of requests, chosen by a hash of the request's index so a run sees the same pattern every
 * time; the kinds take turns.
 */
export function faultShare(share: number, kinds: readonly Fault[]): (request: ServerRequest) => Fault | undefined {
  return (request) => {
    const unit = ((request.index * 2654435761) % 4294967296) / 4294967296;
    if (unit >= share || kinds.length === 0) return undefined;
    return kinds[request.index % kinds.length];
  };
}
