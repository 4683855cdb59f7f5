import type { Message, TextSpan } from '../../../shared/domain';

/**
 * The turn number the transcript shows beside each message: user and assistant messages count from 1; a tool's answer
 * is shown inside the assistant message that called it, so it carries that message's number; a tool message nothing
 * called stands alone, unnumbered (null).
 */
export function transcriptTurns(messages: readonly Message[]): (number | null)[] {
  const callerTurn = new Map<string, number>();
  let turn = 0;
  return messages.map((message) => {
    if (message.role === 'user' || message.role === 'assistant') {
      turn += 1;
      if (message.role === 'assistant') for (const call of message.tool_calls ?? []) callerTurn.set(call.id, turn);
      return turn;
    }
    if (message.role === 'tool') return callerTurn.get(message.tool_call_id) ?? null;
    return null;
  });
}

/** Where the text that fired a rule is, in the transcript's own numbering: "assistant 3", "the answer to get_order in assistant 2". */
export function evidencePlace(messages: readonly Message[], span: TextSpan): string {
  const message = messages[span.message_index];
  if (!message) return `message ${span.message_index + 1}`;
  const turn = transcriptTurns(messages)[span.message_index];
  switch (message.role) {
    case 'user':
      return `user ${turn}`;
    case 'assistant': {
      const call = span.tool_call_id ? message.tool_calls?.find((entry) => entry.id === span.tool_call_id) : undefined;
      return call ? `the call to ${call.name} in assistant ${turn}` : `assistant ${turn}`;
    }
    case 'tool':
      return turn === null ? `the answer from ${message.name}` : `the answer from ${message.name} in assistant ${turn}`;
    case 'system':
      return 'the system prompt';
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}
