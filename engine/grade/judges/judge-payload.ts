import type { Row } from '../../../shared/domain';

/** What an LLM judge reads, in characters (SDK JUDGE_PAYLOAD_CHARS and its parts). */
export const JUDGE_PAYLOAD_CHARS = 8000;
export const JUDGE_SITUATION_CHARS = 4000;
export const JUDGE_FINAL_TEXT_CHARS = 2000;
export const JUDGE_POLICY_CHARS = 2000;

function cut(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

/** The conversation as numbered lines: who spoke, which tool was called with what, what the world answered. */
export function transcript(row: Row): string {
  const lines: string[] = [];
  for (const message of row.messages) {
    switch (message.role) {
      case 'system':
        continue;
      case 'user':
        lines.push(`PERSON: ${message.content}`);
        continue;
      case 'assistant':
        if (message.content.trim() !== '') lines.push(`AGENT: ${message.content}`);
        for (const call of message.tool_calls ?? []) lines.push(`AGENT CALLS ${call.name}(${JSON.stringify(call.arguments)})`);
        continue;
      case 'tool':
        lines.push(`TOOL ${message.name} ANSWERED: ${message.content}${message.fault ? ` [scheduled fault: ${message.fault}]` : ''}`);
        continue;
      default: {
        const unreachable: never = message;
        return unreachable;
      }
    }
  }
  return lines.join('\n');
}

/**
 * The judge's reading of one row, within JUDGE_PAYLOAD_CHARS: the policy, the situation (coordinate, faults and
 * the privileged context only the judge may read), the conversation, and the final reply.
 */
export function judgePayload(row: Row, policy: string): string {
  const situation = JSON.stringify({
    dimensions: row.situation.dimensions,
    faults: row.situation.faults,
    privileged: row.privileged ?? {},
  });
  const head = [policy ? `POLICY:\n${cut(policy, JUDGE_POLICY_CHARS)}` : '', `SITUATION:\n${cut(situation, JUDGE_SITUATION_CHARS)}`].filter(
    Boolean,
  );
  const tail = `FINAL REPLY:\n${cut(row.final_text, JUDGE_FINAL_TEXT_CHARS)}`;
  const fixed = head.join('\n\n').length + tail.length + 40;
  const conversation = `CONVERSATION:\n${cut(transcript(row), Math.max(500, JUDGE_PAYLOAD_CHARS - fixed))}`;
  return [...head, conversation, tail].join('\n\n');
}
