import type { GenerateRequest, GenerateResponse, ModelBackend } from './model-backend';

/** How much higher the cap is on the one retry of a reply cut at the token limit. */
export const CUT_RETRY_FACTOR = 4;

/**
 * A call whose answer must be whole (a writer's message, the simulated person's line): a reply cut at the token limit
 * (`finish_reason: length`) is asked again once with CUT_RETRY_FACTOR times the cap. The answer returned is still
 * `length` when the second was cut too: the caller counts that as its error and never uses the cut text.
 */
export async function generateUncut(backend: ModelBackend, request: GenerateRequest): Promise<GenerateResponse> {
  const first = await backend.generate(request);
  if (first.finish_reason !== 'length' || request.max_tokens === undefined) return first;
  return backend.generate({ ...request, max_tokens: request.max_tokens * CUT_RETRY_FACTOR });
}

/** The error text for a reply cut twice. */
export function cutTwiceMessage(spec: string, what: string, maxTokens: number): string {
  return `${spec} wrote ${what} cut off at the token limit twice (${maxTokens}, then ${maxTokens * CUT_RETRY_FACTOR} tokens)`;
}
