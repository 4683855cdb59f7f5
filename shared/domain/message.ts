import { z } from 'zod';

/** A tool call as the agent made it; `arguments` is the parsed object (exporters stringify it for OpenAI). */
export const ToolCall = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()),
});
export type ToolCall = z.infer<typeof ToolCall>;

/** One generated token and its natural-log probability (SDK `token_logprobs`, with `logprobs="tokens"`). */
export const TokenLogprob = z.object({ token: z.string(), logprob: z.number() });
export type TokenLogprob = z.infer<typeof TokenLogprob>;

export const SystemMessage = z.object({ role: z.literal('system'), content: z.string() });
export const UserMessage = z.object({ role: z.literal('user'), content: z.string() });
export const AssistantMessage = z.object({
  role: z.literal('assistant'),
  content: z.string(),
  tool_calls: z.array(ToolCall).optional(),
  /**
   * Summed log-probability of the turn's generated tokens, when asked for: null when the backend returned none for
   * this turn (a model without log-probabilities, a turn of tool calls only), never 0 for nothing measured.
   */
  logprob: z.number().nullable().optional(),
  /** Tokens the logprob sums; null with it. */
  n_tokens: z.number().int().nonnegative().nullable().optional(),
  /** Per-token log-probabilities, when asked for (`logprobs: "tokens"`) and the backend returned them. */
  token_logprobs: z.array(TokenLogprob).optional(),
  /** The reply was cut at the token cap (`finish_reason: length`): kept as the agent's behaviour, and flagged. */
  truncated: z.boolean().optional(),
});
/** The world's answer to one call: `content` is the JSON text the agent saw; `fault` names a scheduled fault that fired. */
export const ToolMessage = z.object({
  role: z.literal('tool'),
  tool_call_id: z.string().min(1),
  name: z.string().min(1),
  content: z.string(),
  fault: z.string().optional(),
});

export const Message = z.discriminatedUnion('role', [SystemMessage, UserMessage, AssistantMessage, ToolMessage]);
export type Message = z.infer<typeof Message>;
export type AssistantMessage = z.infer<typeof AssistantMessage>;
export type ToolMessage = z.infer<typeof ToolMessage>;
