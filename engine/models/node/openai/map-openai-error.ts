import type * as OpenAISdk from 'openai';
import type { ModelCallError } from '../../model-call-error';
import { mapSdkError, type ErrorContext } from '../map-sdk-error';
import { OpenAIErrorBody } from './openai-schema';

/** The SDK's error classes, from the module the backend loaded (the SDK is imported only when a model is called). */
export type OpenAIErrors = Pick<typeof OpenAISdk, 'APIConnectionError' | 'APIConnectionTimeoutError' | 'APIError' | 'APIUserAbortError'>;

/** `{ error: { message, type, code, param } }`, as OpenAI and most compatible servers send it. */
function readOpenAIBody(error: Error): { message: string; codes: string[]; param?: string } {
  const body = OpenAIErrorBody.safeParse((error as Error & { error?: unknown }).error);
  if (!body.success) return { message: error.message, codes: [] };
  const codes = [body.data.type, body.data.code].filter((code): code is string => typeof code === 'string');
  return {
    message: typeof body.data.message === 'string' ? body.data.message : error.message,
    codes,
    ...(body.data.param ? { param: body.data.param } : {}),
  };
}

/** Any failure of an OpenAI-client call as a ModelCallError, with the key and anything key-shaped redacted. */
export function mapOpenAIError(error: unknown, context: ErrorContext, errors: OpenAIErrors): ModelCallError {
  return mapSdkError(error, context, errors, readOpenAIBody);
}
