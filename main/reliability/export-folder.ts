import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Every file under `folder` (relative paths with `/`), hidden ones included, mapped to its bytes. */
export function filesIn(folder: string): Map<string, Buffer> {
  if (!existsSync(folder)) return new Map();
  return new Map(
    readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [relative(folder, path).split(sep).join('/'), readFileSync(path)] as const;
      })
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

const isHidden = (path: string) => path.split('/').some((part) => part.startsWith('.'));

export interface ExportFolderCheck {
  /** Visible files, each identical to the reference's file of the same name. */
  whole: string[];
  /** Visible files that differ from the reference or that it does not have: a half or foreign file. */
  broken: string[];
  /** Files under hidden folders or with hidden names: staging and temp files of an export that died. */
  leftovers: string[];
}

/** Compares an export folder, as a crash left it, with a reference export of the same rows. */
export function checkExportFolder(folder: string, reference: ReadonlyMap<string, Buffer>): ExportFolderCheck {
  const check: ExportFolderCheck = { whole: [], broken: [], leftovers: [] };
  for (const [path, bytes] of filesIn(folder)) {
    if (isHidden(path)) check.leftovers.push(path);
    else if (reference.get(path)?.equals(bytes)) check.whole.push(path);
    else check.broken.push(path);
  }
  return check;
}
