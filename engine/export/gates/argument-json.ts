import { isRecord } from './line-problems';

export type ArgumentText = 'object' | 'not_object' | 'invalid';

const MEMO_ENTRIES = 4096;
const MEMO_MAX_CHARS = 2048;
const memo = new Map<string, ArgumentText>();

/**
 * What a tool call's `arguments` string decodes to. The validator and the round-trip gate both ask about every call
 * of every line, and agents repeat the same arguments often: the answer (a pure function of the text) is kept for
 * short texts, in a bounded table.
 */
export function argumentText(text: string): ArgumentText {
  const known = memo.get(text);
  if (known !== undefined) return known;
  let kind: ArgumentText;
  try {
    kind = isRecord(JSON.parse(text)) ? 'object' : 'not_object';
  } catch {
    kind = 'invalid';
  }
  if (text.length <= MEMO_MAX_CHARS) {
    if (memo.size >= MEMO_ENTRIES) memo.clear();
    memo.set(text, kind);
  }
  return kind;
}
