import { access, constants, stat, statfs } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { type FolderFiles, type FolderFilesInput, isAbsoluteFolder, relativeFolderMessage, SPLIT_NAMES } from '../../../shared/api/exports';
import { environmentFilePaths, environmentName, MANIFEST_FILE } from '../../../engine/index';
import { ServiceError } from '../app/service-error';

/** What a dataset export writes into its folder (every format names its files the same), and a push's manifest. */
const DATASET_FILES = [
  ...SPLIT_NAMES.flatMap((split) => [`data/${split}.jsonl`, `data/${split}.meta.jsonl`]),
  'README.md',
  MANIFEST_FILE,
] as const;

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | null)?.code;

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Linux pseudo-filesystems (statfs magic numbers: proc, sysfs, cgroup, cgroup2, debugfs, securityfs, devpts): no export folder can be made
 * there.
 */
const PSEUDO_FILESYSTEMS = new Set([0x9fa0, 0x62656572, 0x27e0eb, 0x63677270, 0x64626720, 0x73636673, 0x1cd1]);

/** The nearest folder above `folder` that exists (the root at worst). */
async function nearestExisting(folder: string): Promise<string> {
  let current = dirname(folder);
  for (;;) {
    try {
      await stat(current);
      return current;
    } catch {
      const parent = dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}

/**
 * Why a folder that does not exist yet could not be created for the export (its nearest existing parent is a system
 * pseudo-filesystem such as /proc, or not writable), as a sentence; null when it can be.
 */
async function whyNotCreatable(folder: string): Promise<string | null> {
  const parent = await nearestExisting(folder);
  if (process.platform === 'linux') {
    const type = await statfs(parent).then(
      (found) => found.type,
      () => null,
    );
    if (type !== null && PSEUDO_FILESYSTEMS.has(type))
      return `${folder} cannot be created: ${parent} is a system folder (not on a disk). Choose a folder on a disk.`;
  }
  try {
    await access(parent, constants.W_OK);
  } catch {
    return `${folder} cannot be created: ${parent} is not writable. Choose another folder.`;
  }
  return null;
}

/**
 * Which files an export would find already in `folder`, read from the disk, so a warning about replacing them holds
 * whoever filled (or emptied) the folder: the app, the CLI or a person. A folder that does not exist holds none.
 */
export async function exportFolderFiles(input: FolderFilesInput): Promise<FolderFiles> {
  // Resolved here, a relative path would name a folder under wherever the server started: refused, as the contract does.
  if (!isAbsoluteFolder(input.folder))
    throw new ServiceError('VALIDATION_FAILED', relativeFolderMessage(input.folder), [
      { path: 'folder', message: relativeFolderMessage(input.folder) },
    ]);
  const folder = resolve(input.folder);
  try {
    const found = await stat(folder);
    if (!found.isDirectory())
      throw new ServiceError('VALIDATION_FAILED', `${folder} is a file, not a folder: choose a folder for the export.`);
  } catch (error) {
    if (ServiceError.isInstance(error)) throw error;
    const code = codeOf(error);
    if (code === 'ENOENT') {
      const problem = await whyNotCreatable(folder);
      if (problem) throw new ServiceError('VALIDATION_FAILED', problem);
      return { folder, exists: false, files: [] };
    }
    if (code === 'ENOTDIR') throw new ServiceError('VALIDATION_FAILED', `${folder} cannot be a folder: part of its path is a file.`);
    throw new ServiceError(
      'VALIDATION_FAILED',
      `${folder} cannot be read (${code ?? (error instanceof Error ? error.message : String(error))}): choose another folder.`,
    );
  }
  const candidates =
    input.kind === 'environment' ? environmentFilePaths(environmentName(input.name ?? basename(folder))) : [...DATASET_FILES];
  const present = await Promise.all(candidates.map((file) => isFile(join(folder, ...file.split('/')))));
  return { folder, exists: true, files: candidates.filter((_file, index) => present[index]) };
}
