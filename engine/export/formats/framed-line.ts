/** The text every line of an export opens and closes with around a row's own (a run's system message and tools). */
export class LineFrame {
  constructor(
    readonly open: string,
    readonly close: string,
  ) {}
}

/**
 * A line as its frame around a row's text, never joined into one string: a writer copies the frame's bytes, encoded
 * once, and encodes only the row's text. Joined, a default SFT line (1.8 KB, two thirds of it the run's tools) was
 * copied once more to be flattened and encoded whole, for every line.
 */
export class FramedLine {
  constructor(
    readonly frame: LineFrame,
    readonly text: string,
  ) {}

  toString(): string {
    return `${this.frame.open}${this.text}${this.frame.close}`;
  }
}

/** A line an export writes: its text, or its frame around a row's text. */
export type JsonlLine = string | FramedLine;
