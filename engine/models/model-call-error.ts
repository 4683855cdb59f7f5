import type { ServerWait } from './resilience/rate-limit-headers';

const MARKER = Symbol.for('while.model-call-error');

/**
 * Why a model call failed, in provider-neutral terms:
 * - `auth`: the key was refused (401, 403) — the run stops `<side>_auth_failed`;
 * - `quota`: the account is out of credit (OpenAI 429 `insufficient_quota`, Anthropic 402) — `<side>_quota_exceeded`;
 * - `rate_limit` (429), `server` (5xx, 408, 409, 529) and `connection` (reset, refused, cut off): retried;
 * - `timeout`: the call ran past its limit (an agent error, re-rolled by the run, not retried here);
 * - `unsupported_parameter`: the model refused a request field named in `param` (dropped and retried once);
 * - `bad_request`, `not_found`: the request or the model name is wrong; never retried;
 * - `malformed_response`: the server answered 200 with something that is not the protocol.
 * A server's `x-should-retry` header overrides the kind either way (`should_retry`), as in the official SDKs.
 */
export type ModelErrorKind =
  | 'auth'
  | 'quota'
  | 'rate_limit'
  | 'server'
  | 'connection'
  | 'timeout'
  | 'unsupported_parameter'
  | 'bad_request'
  | 'not_found'
  | 'malformed_response';

const RETRYABLE: ReadonlySet<ModelErrorKind> = new Set(['rate_limit', 'server', 'connection']);

export interface ModelCallErrorDetails {
  kind: ModelErrorKind;
  /** The model spec called. */
  spec: string;
  status?: number;
  /** How long the server asked us to wait, and the header that said so (`retry-after-ms`, `retry-after`, a reset). */
  wait?: ServerWait;
  /** Shorthand for a `wait` from `retry-after-ms` (milliseconds); ignored when `wait` is given. */
  retry_after_ms?: number;
  /** The request field the server objected to (`temperature`, `logprobs`...). */
  param?: string;
  /** What the server's `x-should-retry` header said: `true` forces a retry, `false` forbids one, whatever the kind. */
  should_retry?: boolean;
  cause?: unknown;
}

/** A failed model call (vercel/ai's APICallError): `isRetryable` follows from the kind, unless the server said. */
export class ModelCallError extends Error {
  readonly [MARKER] = true;
  override readonly name = 'ModelCallError';
  readonly kind: ModelErrorKind;
  readonly spec: string;
  readonly status: number | undefined;
  readonly wait: ServerWait | undefined;
  readonly param: string | undefined;
  readonly should_retry: boolean | undefined;

  constructor(message: string, details: ModelCallErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = details.kind;
    this.spec = details.spec;
    this.status = details.status;
    this.wait =
      details.wait ??
      (details.retry_after_ms === undefined
        ? undefined
        : { ms: details.retry_after_ms, header: 'retry-after-ms', value: String(details.retry_after_ms) });
    this.param = details.param;
    this.should_retry = details.should_retry;
  }

  /** How long the server asked us to wait, in milliseconds. */
  get retry_after_ms(): number | undefined {
    return this.wait?.ms;
  }

  get isRetryable(): boolean {
    return this.should_retry ?? RETRYABLE.has(this.kind);
  }

  /** Auth and quota failures end the run: every later call would fail the same way. */
  get stopsRun(): boolean {
    return this.kind === 'auth' || this.kind === 'quota';
  }

  static isInstance(error: unknown): error is ModelCallError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }
}
