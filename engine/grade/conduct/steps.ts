import type { Row } from '../../../shared/domain';

/** What the conduct checks and the behaviour signature read from a row. */
export type ConversationRow = Pick<Row, 'prompt' | 'messages' | 'final_text'>;

/** A follow-up (or the first) user turn. */
export interface UserStep {
  kind: 'user';
  text: string;
  message_index: number;
}

/** Something the agent said to the person, with or without tool calls beside it. */
export interface TextStep {
  kind: 'text';
  text: string;
  message_index: number;
}

/** One tool call and the world's answer to it. */
export interface ToolStep {
  kind: 'tool';
  tool: string;
  call_id: string;
  arguments: Record<string, unknown>;
  /** The assistant message that made the call. */
  message_index: number;
  /** The answer parsed as a JSON object; `{}` when there is none or it is not an object. */
  result: Record<string, unknown>;
  /** The answer as the agent saw it; null when no tool message answered the call. */
  result_text: string | null;
  result_message_index: number | null;
  /** The scheduled fault that produced the answer, when the world says one fired. */
  fault: string | null;
}

export type Step = UserStep | TextStep | ToolStep;

/** Where the final reply sits: the last assistant message whose content holds `final_text`. */
export interface FinalLocation {
  message_index: number;
  /** Offset of `final_text` inside that message's content. */
  offset: number;
}

export function parseObject(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The row's messages as steps in conversation order: user turns, agent text (before the calls of the same
 * turn), and each tool call joined with the tool message that answers it (matched by `tool_call_id`).
 */
export function deriveSteps(row: ConversationRow): Step[] {
  const answers = new Map<string, { text: string; index: number; fault: string | null }>();
  row.messages.forEach((message, index) => {
    if (message.role === 'tool' && !answers.has(message.tool_call_id)) {
      answers.set(message.tool_call_id, { text: message.content, index, fault: message.fault ?? null });
    }
  });
  const steps: Step[] = [];
  row.messages.forEach((message, index) => {
    switch (message.role) {
      case 'user':
        steps.push({ kind: 'user', text: message.content, message_index: index });
        return;
      case 'assistant':
        if (message.content.trim() !== '') steps.push({ kind: 'text', text: message.content, message_index: index });
        for (const call of message.tool_calls ?? []) {
          const answer = answers.get(call.id);
          steps.push({
            kind: 'tool',
            tool: call.name,
            call_id: call.id,
            arguments: call.arguments,
            message_index: index,
            result: answer ? parseObject(answer.text) : {},
            result_text: answer ? answer.text : null,
            result_message_index: answer ? answer.index : null,
            fault: answer ? answer.fault : null,
          });
        }
        return;
      case 'system':
      case 'tool':
        return;
      default: {
        const unreachable: never = message;
        return unreachable;
      }
    }
  });
  return steps;
}

export function toolSteps(steps: readonly Step[]): ToolStep[] {
  return steps.filter((step): step is ToolStep => step.kind === 'tool');
}

export function locateFinal(row: ConversationRow): FinalLocation | null {
  if (row.final_text.trim() === '') return null;
  for (let index = row.messages.length - 1; index >= 0; index--) {
    const message = row.messages[index];
    if (message?.role !== 'assistant') continue;
    const offset = message.content.lastIndexOf(row.final_text);
    if (offset >= 0) return { message_index: index, offset };
  }
  return null;
}
