import { randomUUID } from 'node:crypto';
import { type FileHandle, lstat, mkdir, open, realpath, rename, unlink } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ExportCancelledError } from '../export-cancelled-error';
import { ExportPathError } from '../export-path-error';

const inside = (folder: string, target: string): boolean => {
  const rel = relative(folder, target);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
};

/**
 * The absolute path of `file` inside `folder`, with its parent folders created. Refuses `..`, absolute paths,
 * and paths that leave the folder through a symlink (checked on the real paths), or an existing target that is
 * a symlink or a folder.
 */
export async function resolveOutputPath(folder: string, file: string): Promise<string> {
  const root = resolve(folder);
  const target = resolve(root, file);
  if (isAbsolute(file) || !inside(root, target)) {
    throw new ExportPathError({ path: file, message: `"${file}" is outside the export folder ${root}` });
  }
  await mkdir(root, { recursive: true });
  const realRoot = await realpath(root);
  await mkdir(dirname(target), { recursive: true });
  const realParent = await realpath(dirname(target));
  if (realParent !== realRoot && !inside(realRoot, realParent)) {
    throw new ExportPathError({ path: file, message: `"${file}" leaves the export folder through a symlink` });
  }
  const existing = await lstat(target).catch(() => null);
  if (existing && (existing.isSymbolicLink() || existing.isDirectory())) {
    throw new ExportPathError({ path: file, message: `"${file}" exists and is ${existing.isDirectory() ? 'a folder' : 'a symlink'}: not replaced` });
  }
  return target;
}

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

const CHUNK_BYTES = 1 << 18;

const tempPathFor = (target: string) => join(dirname(target), `.${basename(target)}.${randomUUID()}.tmp`);

async function discard(handle: FileHandle | null, temp: string): Promise<void> {
  await handle?.close().catch(() => undefined);
  await unlink(temp).catch(() => undefined);
}

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ExportCancelledError();
}

/**
 * Writes lines (each without a newline) as JSONL: into a temp file beside the target, in 256 KiB chunks with one in flight
 * (memory stays bounded whatever the line count), renamed into place only when every line is written. Cancelling through
 * `signal`, or an error from the lines (a refused gate), removes the temp file: no half file is ever left.
 */
export async function writeJsonl(lines: AsyncIterable<string> | Iterable<string>, options: WriteOptions): Promise<WriteResult> {
  checkAborted(options.signal);
  const target = await resolveOutputPath(options.folder, options.file);
  if (options.overwrite === false && (await lstat(target).catch(() => null))) {
    throw new ExportPathError({ path: options.file, message: `"${options.file}" exists and overwrite is off` });
  }
  const temp = tempPathFor(target);
  const every = Math.max(1, options.progressEvery ?? 1000);
  let handle: FileHandle | null = null;
  let count = 0;
  let bytes = 0;
  // One chunk is written while the next is built: the transform never waits on the disk, memory stays at two chunks.
  let inFlight: Promise<unknown> = Promise.resolve();
  try {
    handle = await open(temp, 'wx');
    const file = handle;
    let pending: string[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      const chunk = pending.join('');
      pending = [];
      pendingBytes = 0;
      await inFlight;
      inFlight = file.write(chunk);
      inFlight.catch(() => undefined);
    };
    for await (const line of lines as AsyncIterable<string>) {
      checkAborted(options.signal);
      if (line.includes('\n')) throw new Error(`line ${count + 1} contains a newline: not a JSONL line`);
      pending.push(line, '\n');
      const size = Buffer.byteLength(line) + 1;
      pendingBytes += size;
      bytes += size;
      count += 1;
      if (pendingBytes >= CHUNK_BYTES) await flush();
      if (count % every === 0) options.onProgress?.({ lines: count, bytes, done: false });
    }
    checkAborted(options.signal);
    if (pending.length > 0) await flush();
    await inFlight;
    await handle.sync();
    await handle.close();
    handle = null;
    checkAborted(options.signal);
    await rename(temp, target);
  } catch (error) {
    await inFlight.catch(() => undefined);
    await discard(handle, temp);
    throw error;
  }
  options.onProgress?.({ lines: count, bytes, done: true });
  return { path: target, lines: count, bytes };
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
