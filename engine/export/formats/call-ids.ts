import type { SampleMessage } from './training-samples';

/**
 * The messages with every tool-call id replaced by its position (`call_0`, `call_1`, ... in order of appearance, the
 * tool results' ids alike). Ids are made per rollout and chat templates drop them, so two rollouts that differ only
 * there tokenize the same: comparisons of two sides go through this.
 */
export function withPositionalCallIds(messages: readonly SampleMessage[]): SampleMessage[] {
  const ids = new Map<string, string>();
  const positional = (id: string) => {
    let name = ids.get(id);
    if (name === undefined) ids.set(id, (name = `call_${ids.size}`));
    return name;
  };
  return messages.map((message) => {
    if (message.role === 'assistant' && message.tool_calls.length > 0)
      return { ...message, tool_calls: message.tool_calls.map((call) => ({ ...call, id: positional(call.id) })) };
    if (message.role === 'tool') return { ...message, tool_call_id: positional(message.tool_call_id) };
    return message;
  });
}
