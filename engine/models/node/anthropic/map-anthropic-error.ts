import type * as AnthropicSdk from '@anthropic-ai/sdk';
import type { ModelCallError } from '../../model-call-error';
import { mapSdkError, type ErrorContext } from '../map-sdk-error';
import { AnthropicErrorBody } from './anthropic-schema';

/** The SDK's error classes, from the module the backend loaded (the SDK is imported only when a model is called). */
export type AnthropicErrors = Pick<
  typeof AnthropicSdk,
  'APIConnectionError' | 'APIConnectionTimeoutError' | 'APIError' | 'APIUserAbortError'
>;

/** `{ type: "error", error: { type, message } }`, plus the SDK's own reading of the type and error code. */
function readAnthropicBody(error: Error): { message: string; codes: string[] } {
  const sdkError = error as Error & { error?: unknown; type?: unknown; errorCode?: unknown; apiMessage?: unknown };
  const body = AnthropicErrorBody.safeParse(sdkError.error);
  const inner = body.success ? body.data.error : undefined;
  const message =
    typeof inner?.message === 'string' ? inner.message : typeof sdkError.apiMessage === 'string' ? sdkError.apiMessage : error.message;
  const codes = [inner?.type, sdkError.type, sdkError.errorCode].filter((code): code is string => typeof code === 'string');
  return { message, codes };
}

/** Any failure of an Anthropic-client call as a ModelCallError, with the key and anything key-shaped redacted. */
export function mapAnthropicError(error: unknown, context: ErrorContext, errors: AnthropicErrors): ModelCallError {
  return mapSdkError(error, context, errors, readAnthropicBody);
}
