import { z } from 'zod';

/**
 * The parts of a chat-completions response the adapter reads. Checked at run time because OpenAI-compatible
 * servers (vLLM, Ollama, llama.cpp) differ in what they fill in and a broken one must fail loudly, not silently.
 */
export const OpenAIToolCall = z.object({
  id: z.string().nullish(),
  type: z.string().nullish(),
  function: z.object({ name: z.string(), arguments: z.string().nullish() }),
});

export const OpenAITokenLogprob = z.object({ token: z.string(), logprob: z.number() });

export const OpenAIChoice = z.object({
  finish_reason: z.string().nullish(),
  message: z.object({
    content: z.string().nullish(),
    refusal: z.string().nullish(),
    tool_calls: z.array(OpenAIToolCall).nullish(),
  }),
  logprobs: z.object({ content: z.array(OpenAITokenLogprob).nullish() }).nullish(),
});

export const OpenAIChatResponse = z.object({
  model: z.string().nullish(),
  choices: z.array(OpenAIChoice).min(1, 'the response has no choices'),
  usage: z.object({ prompt_tokens: z.number().nullish(), completion_tokens: z.number().nullish() }).nullish(),
});
export type OpenAIChatResponse = z.infer<typeof OpenAIChatResponse>;

/** The error body OpenAI and most compatible servers send: `{ error: { message, type, code, param } }`. */
export const OpenAIErrorBody = z.object({
  message: z.unknown().optional(),
  type: z.string().nullish(),
  code: z.union([z.string(), z.number()]).nullish(),
  param: z.string().nullish(),
});
