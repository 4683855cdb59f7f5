import { TRUNCATED_REPLY_CHARS } from './rules';

const FINISHED_TAIL = /[.!?:)"'\]}]\s*$/;
/** A last line that is the answer itself: `#### 42`, a bare number, an amount or a percentage. */
const ANSWER_LINE = /^(?:#{2,4}\s*)?[-+]?\$?\d[\d,]*(?:\.\d+)?%?$/;
const SIGN_OFF = new RegExp(
  String.raw`^(?:--+|—|best|all the best|(?:kind|best|warm) regards|regards|thanks|thank you|many thanks|cheers|` +
    String.raw`sincerely|warmly|yours(?: truly| sincerely)?|take care|talk soon)\b`,
  'i',
);
/** A last line of at most this many words can be a sign-off ("Best regards"). */
const SIGN_OFF_MAX_WORDS = 6;
/** A capitalised last line of at most this many words after a line ending in a comma is a signature ("Sam"). */
const SIGNATURE_MAX_WORDS = 5;

function wordCount(line: string): number {
  return line.split(/\s+/).filter((word) => word !== '').length;
}

function startsUpper(line: string): boolean {
  const first = line[0] ?? '';
  return first.toUpperCase() === first && first.toLowerCase() !== first;
}

/**
 * Whether a reply reached its own end as far as the text can tell: terminal punctuation, a closed code fence,
 * an answer line (`#### 42`), or a sign-off (`Cheers`, `Best,\nSam`).
 */
export function looksFinished(finalText: string): boolean {
  const text = finalText.trimEnd();
  if (text === '') return false;
  if (FINISHED_TAIL.test(text)) return true;
  if (text.endsWith('```')) return text.split('```').length % 2 === 1;
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const last = lines[lines.length - 1] ?? '';
  if (ANSWER_LINE.test(last)) return true;
  if (wordCount(last) <= SIGN_OFF_MAX_WORDS && SIGN_OFF.test(last)) return true;
  const previous = lines[lines.length - 2];
  if (previous !== undefined && wordCount(last) <= SIGNATURE_MAX_WORDS && (startsUpper(last) || /^[-—]/.test(last))) {
    return previous.endsWith(',') || SIGN_OFF.test(previous);
  }
  return false;
}

/** Longer than TRUNCATED_REPLY_CHARS and not finished: cut at the token cap. */
export function isTruncated(finalText: string): boolean {
  return finalText.trimEnd().length > TRUNCATED_REPLY_CHARS && !looksFinished(finalText);
}
