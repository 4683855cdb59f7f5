import type { TextSpan } from '../../../shared/domain';

export interface Segment {
  text: string;
  isMarked: boolean;
}

/** Text cut around `[start, end)` (clamped to the text); an empty range marks nothing. */
export function markRange(text: string, start: number, end: number): Segment[] {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  if (from === to) return [{ text, isMarked: false }];
  return [
    { text: text.slice(0, from), isMarked: false },
    { text: text.slice(from, to), isMarked: true },
    { text: text.slice(to), isMarked: false },
  ].filter((segment) => segment.text.length > 0);
}

/**
 * Where each character of `JSON.stringify(value)` sits in `JSON.stringify(value, null, 2)`. The indented text only
 * adds whitespace outside strings, so walking both in step finds every character; index `compact.length` maps to
 * the end of the indented text.
 */
export function indentedPositions(compact: string, indented: string): number[] {
  const positions: number[] = [];
  let cursor = 0;
  for (const character of compact) {
    while (cursor < indented.length && indented[cursor] !== character) cursor += 1;
    positions.push(cursor);
    cursor += 1;
  }
  positions.push(indented.length);
  return positions;
}

/** A tool call's arguments as indented JSON, with a span given in the compact JSON's offsets marked. */
export function markedArguments(value: unknown, span: Pick<TextSpan, 'start' | 'end'> | null): Segment[] {
  const indented = JSON.stringify(value, null, 2);
  if (!span) return [{ text: indented, isMarked: false }];
  const compact = JSON.stringify(value);
  const positions = indentedPositions(compact, indented);
  const start = positions[Math.max(0, Math.min(span.start, compact.length))]!;
  const end = span.end <= span.start ? start : positions[Math.min(span.end - 1, compact.length - 1)]! + 1;
  return markRange(indented, start, end);
}

/**
 * A world's answer as the transcript shows it (readableAnswer), with a span given in offsets of its raw content
 * marked: through the indented JSON when the content is compact JSON, in place when it is plain text, and whole when
 * the span covers the whole content.
 */
export function markedAnswer(content: string, span: Pick<TextSpan, 'start' | 'end'> | null): Segment[] {
  const { text } = readableAnswer(content);
  if (!span) return [{ text, isMarked: false }];
  if (text === content) return markRange(text, span.start, span.end);
  const trimmedStart = content.length - content.trimStart().length;
  if (span.start <= trimmedStart && span.end >= content.trimEnd().length) return markRange(text, 0, text.length);
  const parsed: unknown = JSON.parse(content);
  if (JSON.stringify(parsed) === content) return markedArguments(parsed, span);
  const piece = content.slice(span.start, span.end);
  const at = text.indexOf(piece);
  return at >= 0 ? markRange(text, at, at + piece.length) : markRange(text, 0, text.length);
}

/** The world's answer as the agent saw it, indented when it is JSON. */
export function readableAnswer(content: string): { text: string; status: string | null } {
  try {
    const parsed: unknown = JSON.parse(content);
    const status =
      typeof parsed === 'object' && parsed !== null && 'status' in parsed ? String((parsed as { status: unknown }).status) : null;
    return { text: JSON.stringify(parsed, null, 2), status };
  } catch {
    return { text: content, status: null };
  }
}

/** Answer statuses that mean the call did not do what was asked. */
const FAILED_STATUSES = new Set([
  'error',
  'timeout',
  'not_found',
  'rejected',
  'permission_denied',
  'malformed',
  'rate_limited',
  'failed',
  'stale',
]);

export function isFailedStatus(status: string | null): boolean {
  return status !== null && FAILED_STATUSES.has(status);
}
