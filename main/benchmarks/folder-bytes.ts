import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The bytes of every file under `folder` (an export's data files, their metadata files and its card): what the
 * export wrote, the size of the raw write its rate is compared with.
 */
export function folderBytes(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}
