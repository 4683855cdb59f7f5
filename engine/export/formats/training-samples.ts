import type { Message } from '../../../shared/domain';
import { decodeArguments } from './python-json';
import type { ExportInput, RunContext } from '../export-input';
import { lossMask, type MaskMode } from './loss-mask';

/** A tool call before it is written: `arguments` null when the raw value did not decode to an object. */
export interface SampleToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown> | null;
  raw_arguments: unknown;
}

/** One message of a training sample, format-neutral; the formats decide the wire shape. */
export type SampleMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; tool_calls: SampleToolCall[] }
  | { role: 'tool'; tool_call_id: string; name: string; content: string };

export interface TrainingSample {
  input: ExportInput;
  messages: SampleMessage[];
  /** Per message: 1 where the loss is taken. */
  loss_mask: number[];
  /** Set on unrolled samples: `turn` is 1-based among the row's assistant turns. */
  unroll: { turn: number; turns: number } | null;
  tool_output_truncated: number;
  tool_output_chars_cut: number;
  /** Assistant turns left empty once `<think>` was removed (no text, no calls): not written. */
  empty_turns_dropped: number;
}

export interface SampleOptions {
  strip_think?: boolean;
  mask_mode?: MaskMode;
  unroll?: boolean;
  /** Tool results longer than this many characters are cut (with a marker saying how much). */
  max_tool_output_chars?: number | null;
}

const THINK_BLOCK = /<think>[\s\S]*?<\/think>/g;

export function stripThink(content: string): string {
  if (!content.includes('<think>')) return content;
  const stripped = content.replace(THINK_BLOCK, '');
  return stripped === content ? content : stripped.trim();
}

function cutToolOutput(content: string, limit: number | null | undefined): { content: string; cut: number } {
  if (limit === null || limit === undefined || content.length <= limit) return { content, cut: 0 };
  const cut = content.length - limit;
  return { content: `${content.slice(0, limit)}\n[... ${cut} chars of tool output truncated]`, cut };
}

/**
 * The row's conversation with the run's system prompt first, `<think>` removed, tool results linked to their
 * calls (a result without a known id takes the oldest unanswered call, FIFO) and long tool outputs cut.
 */
export function sampleMessages(
  messages: readonly Message[],
  context: RunContext,
  options: SampleOptions = {},
): { messages: SampleMessage[]; truncated: number; chars_cut: number; empty_dropped: number } {
  const out: SampleMessage[] = [];
  if (context.system_prompt.trim() !== '') out.push({ role: 'system', content: context.system_prompt });
  const pending: string[] = [];
  let truncated = 0;
  let charsCut = 0;
  let emptyDropped = 0;
  for (const message of messages) {
    switch (message.role) {
      case 'system':
      case 'user':
        out.push({ role: message.role, content: message.content });
        break;
      case 'assistant': {
        const calls = (message.tool_calls ?? []).map((call, index): SampleToolCall => {
          const id = typeof call.id === 'string' && call.id !== '' ? call.id : `call_${String(index).padStart(4, '0')}`;
          pending.push(id);
          return { id, name: call.name, arguments: decodeArguments(call.arguments), raw_arguments: call.arguments };
        });
        const content = options.strip_think === false ? message.content : stripThink(message.content);
        // A turn that was only reasoning says nothing once <think> is gone, and OpenAI refuses empty turns.
        if (content.trim() === '' && calls.length === 0) {
          emptyDropped += 1;
          break;
        }
        out.push({ role: 'assistant', content, tool_calls: calls });
        break;
      }
      case 'tool': {
        const known = pending.indexOf(message.tool_call_id);
        const id = known >= 0 ? pending.splice(known, 1)[0]! : (pending.shift() ?? message.tool_call_id);
        const { content, cut } = cutToolOutput(message.content, options.max_tool_output_chars);
        if (cut > 0) {
          truncated += 1;
          charsCut += cut;
        }
        out.push({ role: 'tool', tool_call_id: id, name: message.name, content });
        break;
      }
      default: {
        const unknown: never = message;
        throw new Error(`unknown message role in ${JSON.stringify(unknown)}`);
      }
    }
  }
  return { messages: out, truncated, chars_cut: charsCut, empty_dropped: emptyDropped };
}

/**
 * The training samples of one row: one, or with `unroll` one per assistant turn, each ending at that turn
 * with the loss on it alone.
 */
export function trainingSamples(input: ExportInput, context: RunContext, options: SampleOptions = {}): TrainingSample[] {
  const built = sampleMessages(input.row.messages, context, options);
  if (!options.unroll) {
    return [
      {
        input,
        tool_output_truncated: built.truncated,
        tool_output_chars_cut: built.chars_cut,
        empty_turns_dropped: built.empty_dropped,
        messages: built.messages,
        loss_mask: lossMask(built.messages, options.mask_mode ?? 'assistant'),
        unroll: null,
      },
    ];
  }
  const base = {
    input,
    tool_output_truncated: built.truncated,
    tool_output_chars_cut: built.chars_cut,
    empty_turns_dropped: built.empty_dropped,
  };
  const turns = built.messages.flatMap((message, index) => (message.role === 'assistant' ? [index] : []));
  return turns.map((end, turn) => {
    const messages = built.messages.slice(0, end + 1);
    return {
      ...base,
      messages,
      loss_mask: messages.map((_, index) => (index === end ? 1 : 0)),
      unroll: { turn: turn + 1, turns: turns.length },
    };
  });
}
