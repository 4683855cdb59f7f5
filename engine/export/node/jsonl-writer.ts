import { randomUUID } from 'node:crypto';
import { type FileHandle, lstat, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ExportCancelledError } from '../export-cancelled-error';
import { ExportPathError } from '../export-path-error';
import { resolveOutputPath } from './output-path';

export interface WriteProgress {
  lines: number;
  bytes: number;
  done: boolean;
}

export interface WriteOptions {
  /** The folder the user chose; the output may not leave it. */
  folder: string;
  /** Path of the file inside `folder`. */
  file: string;
  signal?: AbortSignal;
  onProgress?: (progress: WriteProgress) => void;
  /** Lines between progress reports (default 1000); one more comes at the end. */
  progressEvery?: number;
  /** Replace an existing file (default true); false refuses it, e.g. when the output would be the source. */
  overwrite?: boolean;
}

export interface WriteResult {
  path: string;
  lines: number;
  bytes: number;
}

const CHUNK_BYTES = 1 << 20;
const BUFFERS = 4;
/**
 * Bytes written between background syncs. The kernel holds written data in memory until the final sync, which then
 * flushes the whole file at once; syncing as the file grows (beside the writes, one at a time) leaves it the last part.
 */
const SYNC_EVERY = 32 << 20;
const NEWLINE = 0x0a;
const encoder = new TextEncoder();

const tempPathFor = (target: string) => join(dirname(target), `.${basename(target)}.${randomUUID()}.tmp`);

async function discard(handle: FileHandle | null, temp: string): Promise<void> {
  await handle?.close().catch(() => undefined);
  await unlink(temp).catch(() => undefined);
}

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ExportCancelledError();
}

/**
 * Lines encoded straight into one of four 1 MiB buffers (TextEncoder.encodeInto: no per-line Buffer, and the byte count
 * comes free): one buffer fills while the others are on their way to the disk, in order, so the export waits on the
 * writes only when the disk falls 3 MiB behind (with one buffer in flight, a slow moment of a shared disk stalled it),
 * and memory stays at four buffers whatever the line count.
 */
class ChunkedFile {
  private buffers = Array.from({ length: BUFFERS }, () => new Uint8Array(CHUNK_BYTES));
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
  add(line: string, number: number): number | Promise<number> {
    // Worst case 3 bytes per UTF-16 unit: a line that may not fit goes to a fresh buffer (or alone, when huge).
    if (this.used + line.length * 3 + 1 > CHUNK_BYTES) return this.addAfterFlush(line, number);
    return this.encode(line, number);
  }

  private encode(line: string, number: number): number {
    const buffer = this.buffers[this.current]!;
    const { written } = encoder.encodeInto(line, buffer.subarray(this.used));
    // Searched in the encoded bytes (memchr; UTF-8 never puts 0x0a inside a character), not in the string.
    if (Buffer.from(buffer.buffer, this.used, written).includes(NEWLINE)) throw newlineError(number);
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

/** Opens the temp file, lets `fill` write into it, then syncs and renames it into place; any failure removes it. */
async function writeAtomically(
  options: WriteOptions,
  fill: (file: ChunkedFile) => Promise<{ lines: number; bytes: number }>,
): Promise<WriteResult> {
  checkAborted(options.signal);
  const target = await resolveOutputPath(options.folder, options.file);
  if (options.overwrite === false && (await lstat(target).catch(() => null))) {
    throw new ExportPathError({ path: options.file, message: `"${options.file}" exists and overwrite is off` });
  }
  const temp = tempPathFor(target);
  let handle: FileHandle | null = null;
  let file: ChunkedFile | null = null;
  let written: { lines: number; bytes: number };
  try {
    handle = await open(temp, 'wx');
    file = new ChunkedFile(handle);
    written = await fill(file);
    checkAborted(options.signal);
    await file.flush();
    await file.settle();
    await handle.sync();
    await handle.close();
    handle = null;
    checkAborted(options.signal);
    await rename(temp, target);
  } catch (error) {
    await file?.settle().catch(() => undefined);
    await discard(handle, temp);
    throw error;
  }
  options.onProgress?.({ lines: written.lines, bytes: written.bytes, done: true });
  return { path: target, lines: written.lines, bytes: written.bytes };
}

/**
 * Writes lines (each without a newline) as JSONL: into a temp file beside the target, in 1 MiB chunks with up to three
 * in flight (memory stays bounded whatever the line count), renamed into place only when every line is written.
 * Cancelling through `signal`, or an error from the lines (a refused gate), removes the temp file: no half file is left.
 */
export function writeJsonl(lines: AsyncIterable<string> | Iterable<string>, options: WriteOptions): Promise<WriteResult> {
  const every = Math.max(1, options.progressEvery ?? 1000);
  return writeAtomically(options, async (file) => {
    let count = 0;
    let bytes = 0;
    const take = (added: number) => {
      bytes += added;
      count += 1;
      if (count % every === 0) options.onProgress?.({ lines: count, bytes, done: false });
    };
    if (Symbol.iterator in lines) {
      // Lines made synchronously are taken without a promise each: the loop waits only for a buffer on its way out.
      for (const line of lines) {
        if (options.signal?.aborted) throw new ExportCancelledError();
        const added = file.add(line, count + 1);
        take(typeof added === 'number' ? added : await added);
      }
    } else {
      for await (const line of lines) {
        if (options.signal?.aborted) throw new ExportCancelledError();
        const added = file.add(line, count + 1);
        take(typeof added === 'number' ? added : await added);
      }
    }
    return { lines: count, bytes };
  });
}

const newlineError = (number: number) => new Error(`line ${number} contains a newline: not a JSONL line`);

/** Encoded JSONL: whole lines, each ending in a newline, and how many. */
export interface JsonlChunk {
  bytes: Uint8Array;
  lines: number;
  /** Called once the bytes are written, so their buffer can be used again. */
  written?: () => void;
}

/**
 * `writeJsonl` for lines already encoded elsewhere (worker threads): the chunks go to the file as they are, with the
 * same temp file, cancel and rename. Each chunk must hold whole lines ending in a newline.
 */
export function writeJsonlChunks(chunks: AsyncIterable<JsonlChunk>, options: WriteOptions): Promise<WriteResult> {
  return writeAtomically(options, async (file) => {
    let count = 0;
    let bytes = 0;
    for await (const chunk of chunks) {
      if (options.signal?.aborted) throw new ExportCancelledError();
      if (chunk.bytes.length > 0 && chunk.bytes[chunk.bytes.length - 1] !== NEWLINE)
        throw new Error(`chunk after line ${count} does not end with a newline`);
      await file.addBytes(chunk.bytes, chunk.written);
      count += chunk.lines;
      bytes += chunk.bytes.length;
      options.onProgress?.({ lines: count, bytes, done: false });
    }
    return { lines: count, bytes };
  });
}

export interface TextFile {
  path: string;
  content: string;
}

/**
 * Writes several files under `folder` all or nothing: every path is checked first, every file goes to a temp
 * file, and only then are they renamed into place (the environment package, a dataset card with its manifest).
 */
export async function writeTextFiles(files: readonly TextFile[], options: { folder: string; signal?: AbortSignal }): Promise<string[]> {
  checkAborted(options.signal);
  const targets: string[] = [];
  for (const file of files) targets.push(await resolveOutputPath(options.folder, file.path));
  const temps: string[] = [];
  try {
    for (const [index, file] of files.entries()) {
      checkAborted(options.signal);
      const temp = tempPathFor(targets[index]!);
      temps.push(temp);
      const handle = await open(temp, 'wx');
      try {
        await handle.write(file.content);
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
    checkAborted(options.signal);
  } catch (error) {
    await Promise.all(temps.map((temp) => unlink(temp).catch(() => undefined)));
    throw error;
  }
  for (const [index, temp] of temps.entries()) await rename(temp, targets[index]!);
  return targets;
}
