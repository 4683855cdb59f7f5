import { lstat, mkdir, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
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
    throw new ExportPathError({
      path: file,
      message: `"${file}" exists and is ${existing.isDirectory() ? 'a folder' : 'a symlink'}: not replaced`,
    });
  }
  return target;
}
