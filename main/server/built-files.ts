import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A file or folder of the build output, `dist/<relative>`, found from the module at `moduleUrl`: the bundle's own
 * dist/ when the module runs bundled (dist/cli/), else the repository's (from source, main/ or below). Null when it
 * is not built.
 */
export function builtPath(relative: string, moduleUrl: string): string | null {
  for (let folder = dirname(fileURLToPath(moduleUrl)); ; folder = dirname(folder)) {
    if (basename(folder) === 'dist' && existsSync(join(folder, relative))) return join(folder, relative);
    if (existsSync(join(folder, 'dist', relative))) return join(folder, 'dist', relative);
    if (dirname(folder) === folder) return null;
  }
}
