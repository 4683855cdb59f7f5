import { notFoundHint } from '../endpoint';
import { ModelCallError } from '../model-call-error';
import type { ModelSpec } from '../model-spec';
import { redactSecrets } from '../redact-secret';
import { serverWait } from '../resilience/rate-limit-headers';
import { shouldRetryHeader } from '../resilience/retry-policy';
import { kindOfStatus } from '../status-kind';

export interface ErrorContext {
  spec: string;
  /** The key in use: never allowed into a message. */
  key: string;
  /** Where the key came from, for the message that says it was refused. */
  key_source: string;
  /** Clock time of the failure, in milliseconds (reset times and HTTP dates are measured from it). */
  now: number;
  /** What a 404 most likely means for this base URL (`notFoundHint`), added to the message of one. */
  not_found_hint?: string | undefined;
}

/** The context of an adapter's failed call: its model, where its key came from, and what a 404 means for its URL. */
export function errorContextOf(options: { model: ModelSpec; key: string | undefined; key_source: string }, now: number): ErrorContext {
  return {
    spec: options.model.spec,
    key: options.key ?? '',
    key_source: options.key_source,
    now,
    not_found_hint: notFoundHint(options.model),
  };
}

type ErrorClass = abstract new (...args: never[]) => Error;

/** The error classes both SDKs export, with the same names and meanings. */
export interface SdkErrors {
  APIConnectionError: ErrorClass;
  APIConnectionTimeoutError: ErrorClass;
  APIError: ErrorClass;
  APIUserAbortError: ErrorClass;
}

/** What a provider's error body says: the message, its type/code names, and the parameter it names. */
export interface ErrorBodyFacts {
  message: string;
  codes: string[];
  param?: string;
}

/**
 * Any failure of an SDK call as a ModelCallError, the key and anything key-shaped redacted from the message: timeouts
 * and aborts, connection failures (retried), and HTTP answers by status and the body's own codes (`readBody` reads
 * them in the provider's shape), with the wait the headers ask for and their `x-should-retry` verdict.
 */
export function mapSdkError(
  error: unknown,
  context: ErrorContext,
  errors: SdkErrors,
  readBody: (error: Error) => ErrorBodyFacts,
): ModelCallError {
  if (ModelCallError.isInstance(error)) return error;
  const { spec } = context;
  const clean = (text: string) => redactSecrets(text, [context.key]);
  if (error instanceof errors.APIConnectionTimeoutError)
    return new ModelCallError(`${spec} did not answer in time`, { kind: 'timeout', spec });
  if (error instanceof errors.APIUserAbortError) return new ModelCallError(`the call to ${spec} was aborted`, { kind: 'timeout', spec });
  if (error instanceof errors.APIConnectionError) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return new ModelCallError(clean(`could not reach ${spec} (${error.message}${cause})`), { kind: 'connection', spec });
  }
  const status = error instanceof errors.APIError ? (error as Error & { status?: unknown }).status : undefined;
  if (error instanceof errors.APIError && typeof status === 'number') {
    const facts = readBody(error);
    const serverMessage = clean(facts.message);
    const { kind, param } = kindOfStatus({
      status,
      codes: facts.codes,
      message: serverMessage,
      ...(facts.param ? { param: facts.param } : {}),
    });
    const headers = (error as Error & { headers?: { get(name: string): string | null } }).headers;
    const wait = serverWait(headers, context.now);
    const shouldRetry = shouldRetryHeader(headers);
    const prefix =
      kind === 'auth'
        ? `${spec} refused the key from ${context.key_source} (${status})`
        : kind === 'quota'
          ? `${spec}: the account behind the key from ${context.key_source} is out of quota or credit (${status})`
          : `${spec} answered ${status}`;
    const hint = kind === 'not_found' && context.not_found_hint ? ` (${context.not_found_hint})` : '';
    return new ModelCallError(`${prefix}: ${serverMessage}${hint}`, {
      kind,
      spec,
      status,
      ...(wait === undefined ? {} : { wait }),
      ...(param ? { param } : {}),
      ...(shouldRetry === undefined ? {} : { should_retry: shouldRetry }),
    });
  }
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new ModelCallError(clean(`${spec} failed: ${message}`), { kind: 'malformed_response', spec });
}
