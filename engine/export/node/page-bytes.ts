const encoder = new TextEncoder();
const NEWLINE = 0x0a;

/**
 * One page of JSONL encoded straight into one buffer (TextEncoder.encodeInto is the fast path; encode() of a long
 * joined string is several times slower), sized for ASCII and grown when a line needs more. `reuse` is a buffer the
 * writer has finished with, so pages recycle memory instead of faulting in fresh pages.
 */
export class PageBytes {
  private bytes: Uint8Array;
  private used = 0;

  constructor(expected: number, reuse?: ArrayBuffer) {
    this.bytes = reuse && reuse.byteLength >= expected ? new Uint8Array(reuse) : new Uint8Array(Math.max(1024, expected));
  }

  /** Appends one line (without its newline) and the newline. */
  add(line: string): void {
    for (;;) {
      const room = this.bytes.length - this.used - 1;
      if (room >= line.length) {
        const { read, written } = encoder.encodeInto(line, this.bytes.subarray(this.used, this.used + room));
        if (read === line.length) {
          this.bytes[this.used + written] = NEWLINE;
          this.used += written + 1;
          return;
        }
      }
      const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.used + line.length * 3 + 1));
      grown.set(this.bytes.subarray(0, this.used));
      this.bytes = grown;
    }
  }

  /** Newline bytes in the page: one per line when no line held a newline of its own (UTF-8 never puts 0x0a inside a character). */
  newlines(): number {
    const view = Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.used);
    let count = 0;
    for (let at = view.indexOf(NEWLINE); at >= 0; at = view.indexOf(NEWLINE, at + 1)) count += 1;
    return count;
  }

  /** The encoded page: a view of the whole buffer, which is transferred and comes back with the writer's ack. */
  take(): Uint8Array {
    return this.bytes.subarray(0, this.used);
  }
}
