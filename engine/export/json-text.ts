/** Characters `JSON.stringify` escapes in a string: quote, backslash, controls, and any surrogate (a lone one is escaped). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * `JSON.stringify(text)` for a string, byte for byte: a string with nothing to escape (most text) is only quoted,
 * which skips a call into the serialiser for each of the many short strings of a line.
 */
export function jsonString(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}
