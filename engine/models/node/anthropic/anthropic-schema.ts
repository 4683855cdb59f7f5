import { z } from 'zod';

/** The parts of a Messages API response the adapter reads, checked at run time. */
export const AnthropicContentBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown() }),
  z.object({ type: z.literal('thinking'), thinking: z.string().optional() }).loose(),
  z.object({ type: z.literal('redacted_thinking') }).loose(),
]);

export const AnthropicMessageResponse = z.object({
  model: z.string().nullish(),
  content: z.array(z.unknown()),
  stop_reason: z.string().nullish(),
  usage: z.object({ input_tokens: z.number().nullish(), output_tokens: z.number().nullish() }).nullish(),
});
export type AnthropicMessageResponse = z.infer<typeof AnthropicMessageResponse>;

/** `{ type: "error", error: { type, message } }`. */
export const AnthropicErrorBody = z.object({
  error: z.object({ type: z.string().nullish(), message: z.unknown().optional() }).nullish(),
});
