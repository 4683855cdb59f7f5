import type { FinalLocation, ToolStep } from './steps';

/**
 * The text that fired a rule: a message and character offsets [start, end). With `tool_call_id` set the
 * offsets are into `JSON.stringify(arguments)` of that call (the assistant message's `content` holds no
 * arguments); without it they are into the message's `content`.
 */
export interface ConductSpan {
  message_index: number;
  start: number;
  end: number;
  tool_call_id: string | null;
}

const SENTENCE_END = /[.!?\n]/;

/** The sentence around [start, end): from after the previous . ! ? or newline to the next one, inclusive. */
export function sentenceAround(text: string, start: number, end: number): { start: number; end: number } {
  let from = start;
  while (from > 0 && !SENTENCE_END.test(text[from - 1] ?? '')) from -= 1;
  while (from < start && /\s/.test(text[from] ?? '')) from += 1;
  let to = end;
  while (to < text.length && !SENTENCE_END.test(text[to] ?? '')) to += 1;
  if (to < text.length && text[to] !== '\n') to += 1;
  return { start: from, end: to };
}

/** A span over [start, end) of the final reply, or null when the reply is in no message. */
export function finalSpan(final: FinalLocation | null, start: number, end: number): ConductSpan | null {
  if (final === null) return null;
  return { message_index: final.message_index, start: final.offset + start, end: final.offset + end, tool_call_id: null };
}

export function finalSentenceSpan(final: FinalLocation | null, finalText: string, start: number, end: number): ConductSpan | null {
  const sentence = sentenceAround(finalText, start, end);
  return finalSpan(final, sentence.start, sentence.end);
}

/** The whole trimmed content of a message. */
export function messageSpan(messageIndex: number, content: string): ConductSpan {
  const start = content.length - content.trimStart().length;
  return { message_index: messageIndex, start, end: Math.max(start, content.trimEnd().length), tool_call_id: null };
}

/**
 * The argument `key` of a call inside `JSON.stringify(arguments)`: the value after the first `"key":` whose
 * value is `raw` (quotes excluded for strings), else the whole arguments text.
 */
export function argumentSpan(step: ToolStep, key: string | null, raw: unknown): ConductSpan {
  const json = JSON.stringify(step.arguments);
  const whole = { message_index: step.message_index, start: 0, end: json.length, tool_call_id: step.call_id };
  if (key === null) return whole;
  const value = JSON.stringify(raw);
  if (value === undefined) return whole;
  const needle = `${JSON.stringify(key)}:${value}`;
  const at = json.indexOf(needle);
  if (at < 0) return whole;
  const valueStart = at + needle.length - value.length;
  const quoted = typeof raw === 'string' ? 1 : 0;
  return { ...whole, start: valueStart + quoted, end: valueStart + value.length - quoted };
}
