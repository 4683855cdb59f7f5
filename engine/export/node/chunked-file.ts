import type { FileHandle } from 'node:fs/promises';
import type { FramedLine, JsonlLine, LineFrame } from '../formats/framed-line';

const CHUNK_BYTES = 1 << 20;
const BUFFERS = 4;
/**
 * Bytes written between background syncs. The kernel holds written data in memory until the final sync, which then
 * flushes the whole file at once; syncing as the file grows (beside the writes, one at a time) leaves it the last part.
 */
const SYNC_EVERY = 32 << 20;
export const NEWLINE = 0x0a;
const encoder = new TextEncoder();

/**
 * Lines encoded straight into one of four 1 MiB buffers (Buffer's write at an offset, a third faster than
 * TextEncoder.encodeInto with a search of the bytes; no per-line Buffer, and the byte count comes free): one buffer
 * fills while the others are on their way to the disk, in order, so the export waits on the writes only when the disk
 * falls 3 MiB behind (with one buffer in flight, a slow moment of a shared disk stalled it), and memory stays at four
 * buffers whatever the line count.
 */
export class ChunkedFile {
  private buffers = Array.from({ length: BUFFERS }, () => Buffer.allocUnsafeSlow(CHUNK_BYTES));
  /** Per buffer, its last write: the buffer is filled again only once that has finished. */
  private writes: Promise<unknown>[] = Array.from({ length: BUFFERS }, () => Promise.resolve());
  private current = 0;
  private used = 0;
  /** The last write queued: writes run one after another, in the order they were queued. */
  private tail: Promise<unknown> = Promise.resolve();
  private unsynced = 0;
  /** The background sync in flight, if any; its failure is reported by `settle`. */
  private syncing: Promise<void> | null = null;
  private syncError: unknown = null;

  constructor(private readonly handle: FileHandle) {}

  /**
   * Appends line `number` (1-based) and its newline; returns the bytes it took, at once (no promise, so no turn of the
   * microtask queue per line) unless a buffer had to be sent first. A line holding a newline of its own is refused.
   */
  add(line: JsonlLine, number: number): number | Promise<number> {
    if (typeof line !== 'string') return this.addFramed(line, number);
    // Worst case 3 bytes per UTF-16 unit: a line that may not fit goes to a fresh buffer (or alone, when huge).
    if (this.used + line.length * 3 + 1 > CHUNK_BYTES) return this.addAfterFlush(line, number);
    return this.encode(line, number);
  }

  /** `add` of a framed line: its frame's bytes copied, only the row's text encoded (the frame holds no newline). */
  private addFramed(line: FramedLine, number: number): number | Promise<number> {
    const { text } = line;
    const frame = frameBytes(line.frame);
    const most = frame.openBytes.length + text.length * 3 + frame.closeBytes.length + 1;
    if (this.used + most > CHUNK_BYTES)
      return most > CHUNK_BYTES ? this.addAfterFlush(String(line), number) : this.flushThenFramed(line, number);
    if (text.includes('\n')) throw newlineError(number);
    const buffer = this.buffers[this.current]!;
    let at = this.used;
    buffer.set(frame.openBytes, at);
    at += frame.openBytes.length;
    at += buffer.write(text, at);
    buffer.set(frame.closeBytes, at);
    at += frame.closeBytes.length;
    buffer[at++] = NEWLINE;
    const written = at - this.used;
    this.used = at;
    return written;
  }

  private async flushThenFramed(line: FramedLine, number: number): Promise<number> {
    await this.flush();
    return this.addFramed(line, number);
  }

  private encode(line: string, number: number): number {
    if (line.includes('\n')) throw newlineError(number);
    const buffer = this.buffers[this.current]!;
    // `add` made room for the worst case, so the whole line fits (a lone surrogate becomes U+FFFD, as TextEncoder makes it).
    const written = buffer.write(line, this.used);
    buffer[this.used + written] = NEWLINE;
    this.used += written + 1;
    return written + 1;
  }

  private async addAfterFlush(line: string, number: number): Promise<number> {
    await this.flush();
    if (line.length * 3 + 1 > CHUNK_BYTES) {
      if (line.includes('\n')) throw newlineError(number);
      const bytes = encoder.encode(`${line}\n`);
      await this.tail;
      this.queue(bytes);
      return bytes.length;
    }
    return this.encode(line, number);
  }

  /** Sends encoded bytes as they are, after what is buffered; `written` runs once they are on their way to the disk no more. */
  async addBytes(bytes: Uint8Array, written?: () => void): Promise<void> {
    await this.flush();
    // A caller's buffer goes out once every earlier write is done: one at a time, as the caller expects its buffers back.
    await this.tail;
    this.queue(bytes, written);
  }

  async flush(): Promise<void> {
    if (this.used === 0) return;
    this.writes[this.current] = this.queue(this.buffers[this.current]!.subarray(0, this.used));
    this.current = (this.current + 1) % BUFFERS;
    this.used = 0;
    await this.writes[this.current];
  }

  private queue(bytes: Uint8Array, written?: () => void): Promise<unknown> {
    const handle = this.handle;
    const write = this.tail.then(async () => {
      let offset = 0;
      while (offset < bytes.length) offset += (await handle.write(bytes, offset, bytes.length - offset)).bytesWritten;
      // Counted before `written`, which may hand the buffer back to its worker (detaching it).
      this.unsynced += bytes.length;
      written?.();
      if (this.unsynced >= SYNC_EVERY && !this.syncing) this.syncInBackground();
    });
    // A failed write is reported where its buffer is awaited (the next round of flushes, or `settle`).
    write.catch(() => undefined);
    this.tail = write;
    return write;
  }

  private syncInBackground(): void {
    this.unsynced = 0;
    this.syncing = this.handle
      .datasync()
      .catch((error: unknown) => void (this.syncError ??= error))
      .finally(() => (this.syncing = null));
  }

  /** Waits for every queued write and the background sync; throws the first failure of either. */
  async settle(): Promise<void> {
    await this.tail;
    await this.syncing;
    if (this.syncError) throw this.syncError;
  }
}

interface FrameBytes {
  openBytes: Uint8Array;
  closeBytes: Uint8Array;
}

const encodedFrames = new WeakMap<LineFrame, FrameBytes>();

/** A frame's bytes, encoded once per frame (an export's lines share one). */
function frameBytes(frame: LineFrame): FrameBytes {
  let bytes = encodedFrames.get(frame);
  if (!bytes) {
    if (frame.open.includes('\n') || frame.close.includes('\n')) throw new Error('a line frame holds a newline: not a JSONL line');
    bytes = { openBytes: encoder.encode(frame.open), closeBytes: encoder.encode(frame.close) };
    encodedFrames.set(frame, bytes);
  }
  return bytes;
}

export const newlineError = (number: number) => new Error(`line ${number} contains a newline: not a JSONL line`);
