/**
 * One line of `data/<split>.meta.jsonl`: `line`, the 1-based number of the line of `data/<split>.jsonl` it describes,
 * then that line's metadata (the members of its extras: the ask, the loss mask, the grade, provenance and lineage).
 * The two files hold the same number of lines, in the same order.
 */
export const metadataLine = (line: number, members: string): string => `{"line":${line}${members === '' ? '' : `,${members}`}}`;

/** Numbers the metadata of the lines a file writes, in file order, as they come (from one stream or from pages in order). */
export class MetadataNumbering {
  private written = 0;

  lines(members: readonly string[]): string[] {
    return members.map((member) => metadataLine(++this.written, member));
  }
}
