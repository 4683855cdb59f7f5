import type { ModelErrorKind } from './model-call-error';

/** Parameters a model may refuse; a 400 naming one of them is `unsupported_parameter`. */
export const REFUSABLE_PARAMETERS = ['temperature', 'top_p', 'logprobs', 'top_logprobs'] as const;
const REFUSAL_WORDS = /unsupported|not supported|does not support|is deprecated|not allowed|not permitted|cannot be used|only the default/i;

export interface ErrorFacts {
  status: number;
  /** The server's error type/code (`insufficient_quota`, `rate_limit_error`, `billing_error`...). */
  codes: readonly string[];
  message: string;
  /** The parameter the server names, when it does. */
  param?: string;
}

/** The kind of a failed HTTP answer, by status first and the server's codes and words second. */
export function kindOfStatus(facts: ErrorFacts): { kind: ModelErrorKind; param?: string } {
  const { status, codes, message } = facts;
  const has = (...names: string[]) => names.some((name) => codes.includes(name));
  if (status === 401 || status === 403 || has('authentication_error', 'permission_error', 'invalid_api_key')) return { kind: 'auth' };
  if (
    status === 402 ||
    has('insufficient_quota', 'billing_error', 'billing_not_active') ||
    /credit balance is too low|exceeded your current quota/i.test(message)
  ) {
    return { kind: 'quota' };
  }
  if (status === 429) return { kind: 'rate_limit' };
  if (status === 408 || status === 409 || status >= 500) return { kind: 'server' };
  if (status === 404) return { kind: 'not_found' };
  if (status === 400 || status === 422) {
    const named = facts.param ?? REFUSABLE_PARAMETERS.find((param) => new RegExp(`['"\`]?\\b${param}\\b`).test(message));
    const refused = has('unsupported_parameter', 'unsupported_value') || REFUSAL_WORDS.test(message);
    if (named !== undefined && (REFUSABLE_PARAMETERS as readonly string[]).includes(named) && refused)
      return { kind: 'unsupported_parameter', param: named };
  }
  return { kind: 'bad_request' };
}
