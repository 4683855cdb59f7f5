/** One non-blank line of a JSONL text and its 1-based number: its JSON value, or JSON.parse's reason it is none. */
export type JsonlLine = { line: number; value: unknown } | { line: number; parseError: string };

/**
 * The non-blank lines of a JSONL text as people save it (a leading byte-order mark dropped, LF or CRLF line ends),
 * each parsed. Readers word their own messages for a line that is not JSON.
 */
export function jsonlLines(text: string): JsonlLine[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .flatMap((content, index): JsonlLine[] => {
      const line = index + 1;
      if (content.trim() === '') return [];
      try {
        return [{ line, value: JSON.parse(content) as unknown }];
      } catch (error) {
        return [{ line, parseError: error instanceof Error ? error.message : String(error) }];
      }
    });
}
