import { randomUUID } from 'node:crypto';
import { type FileHandle, lstat, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ExportCancelledError } from '../export-cancelled-error';
import { ExportPathError } from '../export-path-error';
import type { JsonlLine } from '../formats/framed-line';
import { ChunkedFile, NEWLINE } from './chunked-file';
import { resolveOutputPath } from './output-path';

export interface WriteProgress {
  lines: number;
  bytes: number;
  done: boolean;
}

/** A second file that grows with the first, one line per line of it (an SFT or DPO split's metadata). */
export interface SidecarOptions {
  /** Path of the sidecar inside the folder. */
  file: string;
  /**
   * Its lines made since the last call (each without a newline), in order; taken as the main lines are written
   * (writeJsonl). Chunks written by writeJsonlChunks bring their sidecar lines with them instead.
   */
  take?: () => readonly string[];
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
  /** Written beside the file, renamed into place with it; it must end with as many lines as the file. */
  sidecar?: SidecarOptions;
  /** A file that gets no line is not written (nor its sidecar): the result says 0 lines. */
  skipEmpty?: boolean;
}

export interface WriteResult {
  path: string;
  lines: number;
  bytes: number;
  sidecar?: { path: string; lines: number; bytes: number };
}

const tempPathFor = (target: string) => join(dirname(target), `.${basename(target)}.${randomUUID()}.tmp`);

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ExportCancelledError();
}

/** A file being written: its temp file beside the target, renamed into place once every file of the write is done. */
class TempFile {
  handle: FileHandle | null = null;
  file: ChunkedFile | null = null;
  lines = 0;
  bytes = 0;

  constructor(
    readonly target: string,
    readonly temp: string,
  ) {}

  async open(): Promise<ChunkedFile> {
    this.handle = await open(this.temp, 'wx');
    return (this.file = new ChunkedFile(this.handle));
  }

  /** Appends one line; a promise only when a buffer had to go out first. */
  add(line: JsonlLine): void | Promise<void> {
    const added = this.file!.add(line, this.lines + 1);
    this.lines += 1;
    if (typeof added === 'number') this.bytes += added;
    else return added.then((bytes) => void (this.bytes += bytes));
  }

  async finish(): Promise<void> {
    await this.file!.flush();
    await this.file!.settle();
    await this.handle!.sync();
    await this.handle!.close();
    this.handle = null;
  }

  async discard(): Promise<void> {
    await this.file?.settle().catch(() => undefined);
    await this.handle?.close().catch(() => undefined);
    await unlink(this.temp).catch(() => undefined);
  }
}

async function tempFor(folder: string, file: string, overwrite: boolean | undefined): Promise<TempFile> {
  const target = await resolveOutputPath(folder, file);
  if (overwrite === false && (await lstat(target).catch(() => null))) {
    throw new ExportPathError({ path: file, message: `"${file}" exists and overwrite is off` });
  }
  return new TempFile(target, tempPathFor(target));
}

/**
 * Opens the temp files (the file, and its sidecar when there is one), lets `fill` write into them, then syncs and
 * renames them into place; any failure removes them.
 */
async function writeAtomically(
  options: WriteOptions,
  fill: (main: TempFile, sidecar: TempFile | null) => Promise<void>,
): Promise<WriteResult> {
  checkAborted(options.signal);
  const main = await tempFor(options.folder, options.file, options.overwrite);
  const sidecar = options.sidecar ? await tempFor(options.folder, options.sidecar.file, options.overwrite) : null;
  const files = sidecar ? [main, sidecar] : [main];
  try {
    for (const file of files) await file.open();
    await fill(main, sidecar);
    checkAborted(options.signal);
    if (sidecar && sidecar.lines !== main.lines)
      throw new Error(`${options.sidecar!.file} has ${sidecar.lines} lines for the ${main.lines} of ${options.file}`);
    if (options.skipEmpty && main.lines === 0) {
      await Promise.all(files.map((file) => file.discard()));
      return { path: main.target, lines: 0, bytes: 0 };
    }
    for (const file of files) await file.finish();
    checkAborted(options.signal);
    for (const file of files) await rename(file.temp, file.target);
  } catch (error) {
    await Promise.all(files.map((file) => file.discard()));
    throw error;
  }
  options.onProgress?.({ lines: main.lines, bytes: main.bytes, done: true });
  return {
    path: main.target,
    lines: main.lines,
    bytes: main.bytes,
    ...(sidecar ? { sidecar: { path: sidecar.target, lines: sidecar.lines, bytes: sidecar.bytes } } : {}),
  };
}

/** Main lines between takes of the sidecar's lines: memory holds at most this many pending. */
const SIDECAR_EVERY = 256;

/**
 * Writes lines (each without a newline) as JSONL: into a temp file beside the target, in 1 MiB chunks with up to three
 * in flight (memory stays bounded whatever the line count), renamed into place only when every line is written.
 * Cancelling through `signal`, or an error from the lines (a refused gate), removes the temp file: no half file is left.
 * A sidecar's lines are taken as the lines are read and written beside them, renamed with them.
 */
export function writeJsonl(lines: AsyncIterable<JsonlLine> | Iterable<JsonlLine>, options: WriteOptions): Promise<WriteResult> {
  const every = Math.max(1, options.progressEvery ?? 1000);
  return writeAtomically(options, async (main, sidecar) => {
    const takeSidecar = async () => {
      for (const line of options.sidecar!.take?.() ?? []) await sidecar!.add(line);
    };
    const afterLine = (): Promise<void> | undefined => {
      if (main.lines % every === 0) options.onProgress?.({ lines: main.lines, bytes: main.bytes, done: false });
      return sidecar && main.lines % SIDECAR_EVERY === 0 ? takeSidecar() : undefined;
    };
    /** One line in: a promise only when a buffer had to go out first or the sidecar's lines are due. */
    const step = (line: JsonlLine): Promise<void> | undefined => {
      if (options.signal?.aborted) throw new ExportCancelledError();
      const added = main.add(line);
      return added ? added.then(afterLine) : afterLine();
    };
    if (Symbol.iterator in lines) {
      // Lines made synchronously are taken without a promise each: the loop waits only for a buffer on its way out.
      for (const line of lines) {
        const pending = step(line);
        if (pending) await pending;
      }
    } else {
      for await (const line of lines) await step(line);
    }
    if (sidecar) await takeSidecar();
  });
}

/** Encoded JSONL: whole lines, each ending in a newline, and how many. */
export interface JsonlChunk {
  bytes: Uint8Array;
  lines: number;
  /** Called once the bytes are written, so their buffer can be used again. */
  written?: () => void;
  /** The sidecar's lines for these lines, in order (when the write has a sidecar). */
  sidecar?: readonly string[];
}

/**
 * `writeJsonl` for lines already encoded elsewhere (worker threads): the chunks go to the file as they are, with the
 * same temp file, cancel and rename. Each chunk must hold whole lines ending in a newline.
 */
export function writeJsonlChunks(chunks: AsyncIterable<JsonlChunk>, options: WriteOptions): Promise<WriteResult> {
  return writeAtomically(options, async (main, sidecar) => {
    for await (const chunk of chunks) {
      if (options.signal?.aborted) throw new ExportCancelledError();
      if (chunk.bytes.length > 0 && chunk.bytes[chunk.bytes.length - 1] !== NEWLINE)
        throw new Error(`chunk after line ${main.lines} does not end with a newline`);
      await main.file!.addBytes(chunk.bytes, chunk.written);
      main.lines += chunk.lines;
      main.bytes += chunk.bytes.length;
      if (sidecar) for (const line of chunk.sidecar ?? []) await sidecar.add(line);
      options.onProgress?.({ lines: main.lines, bytes: main.bytes, done: false });
    }
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
