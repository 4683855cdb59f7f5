import { z } from 'zod';
import type { AgentReply } from './agent';

const ToolCallLine = z.object({
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  /** An object, or the JSON string OpenAI-style clients produce. */
  arguments: z.union([z.record(z.string(), z.unknown()), z.string()]).default({}),
});

export const CommandReplyLine = z.union([
  z.object({ error: z.string().min(1) }).strict(),
  z.object({
    content: z.string().default(''),
    tool_calls: z.array(ToolCallLine).default([]),
    finish_reason: z.enum(['stop', 'length', 'tool', 'error']).optional(),
  }),
]);

export class AgentReplyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AgentReplyError';
  }
}

/** Parses one reply line of a command agent; a malformed line or a reported error throws, losing the turn. */
export function parseCommandReply(line: string): AgentReply {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new AgentReplyError(`the agent replied with a line that is not JSON: ${line.slice(0, 200)}`);
  }
  const parsed = CommandReplyLine.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AgentReplyError(`the agent's reply does not match the protocol at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  if ('error' in parsed.data) throw new AgentReplyError(`the agent reported an error: ${parsed.data.error}`);
  return {
    content: parsed.data.content,
    tool_calls: parsed.data.tool_calls.map((call, index) => ({
      id: call.id ?? `call_${index}`,
      name: call.name,
      arguments: typeof call.arguments === 'string' ? parseArguments(call.name, call.arguments) : call.arguments,
    })),
    ...(parsed.data.finish_reason ? { finish_reason: parsed.data.finish_reason } : {}),
  };
}

function parseArguments(tool: string, text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new AgentReplyError(`the agent's arguments for ${tool} are not a JSON object: ${text.slice(0, 200)}`);
}
