import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { resolveOutputPath } from '../../../engine/node/index';
import { processExists } from '../app/process-exists';

const STAGING_PREFIX = '.while-export-';
/** `.while-export-<pid>-<uuid>`: the pid says whether the export that made it can still be running. */
const STAGING_NAME = /^\.while-export-(\d+)-[0-9a-f-]{36}$/;

/**
 * Staging folders left by an export whose process died (killed, a power cut): they hold half-written files, so the
 * next export into the same folder removes them. A folder whose process still runs is another export's: kept.
 */
export async function removeAbandonedStaging(folder: string): Promise<string[]> {
  const entries = await readdir(resolve(folder), { withFileTypes: true }).catch(() => []);
  const abandoned = entries.filter((entry) => {
    const match = STAGING_NAME.exec(entry.name);
    return entry.isDirectory() && match !== null && !processExists(Number(match[1]));
  });
  await Promise.all(abandoned.map((entry) => rm(join(resolve(folder), entry.name), { recursive: true, force: true })));
  return abandoned.map((entry) => entry.name);
}

/**
 * A hidden folder inside the chosen one where an export writes all its files first: only when every file is written
 * are they moved into place, so a cancel, a refused gate or a crash never leaves a half export beside old files.
 */
export async function stagingFolder(folder: string): Promise<string> {
  await removeAbandonedStaging(folder);
  const staging = join(resolve(folder), `${STAGING_PREFIX}${process.pid}-${randomUUID()}`);
  await mkdir(staging, { recursive: true });
  return staging;
}

/** Moves the staged files into the chosen folder; every target is checked not to leave it (`..`, symlinks). */
export async function moveStagedFiles(staging: string, folder: string, files: readonly string[]): Promise<void> {
  const targets: string[] = [];
  for (const file of files) targets.push(await resolveOutputPath(folder, file));
  for (const [index, file] of files.entries()) await rename(join(staging, file), targets[index]!);
}

export async function removeStaging(staging: string): Promise<void> {
  await rm(staging, { recursive: true, force: true });
}
