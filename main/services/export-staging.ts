import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { resolveOutputPath } from '../../engine/node/index';

const STAGING_PREFIX = '.while-export-';

/**
 * A hidden folder inside the chosen one where an export writes all its files first: only when every file is written
 * are they moved into place, so a cancel, a refused gate or a crash never leaves a half export beside old files.
 */
export async function stagingFolder(folder: string): Promise<string> {
  const staging = join(resolve(folder), `${STAGING_PREFIX}${randomUUID()}`);
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
