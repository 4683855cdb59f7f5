import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Sizes a newcomer can hold in their head (README "Contributing"). ESLint checks lines of code; this also covers CSS
// and folders. Tests and fixtures aside.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LAYERS = ['engine', 'main', 'renderer', 'shared'];
const MAX_FILE_LINES = 300;
const MAX_LINE_LENGTH = 140;
const MAX_FOLDER_FILES = 20;

const isSource = (name: string) => /\.(ts|tsx|mjs|js|css)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');
const isSupport = (folder: string) => /(^|\/)(__fixtures__|test-support)(\/|$)/.test(folder);

function folders(): string[] {
  return LAYERS.flatMap((layer) =>
    readdirSync(join(ROOT, layer), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .concat(layer)
      .filter((folder) => !isSupport(folder) && !folder.includes('node_modules')),
  );
}

const sourcesIn = (folder: string) =>
  readdirSync(join(ROOT, folder), { withFileTypes: true })
    .filter((entry) => entry.isFile() && isSource(entry.name))
    .map((entry) => `${folder}/${entry.name}`);

describe('source sizes', () => {
  const all = folders();
  const files = all.flatMap(sourcesIn);

  it(`no folder holds more than ${MAX_FOLDER_FILES} source files at its top level`, () => {
    const crowded = all.map((folder) => [folder, sourcesIn(folder).length] as const).filter(([, count]) => count > MAX_FOLDER_FILES);
    expect(crowded).toEqual([]);
  });

  it(`no source file is over ${MAX_FILE_LINES} lines, and no line over ${MAX_LINE_LENGTH} characters`, () => {
    expect(files.length).toBeGreaterThan(100);
    const long: string[] = [];
    const wide: string[] = [];
    for (const file of files) {
      const lines = readFileSync(join(ROOT, file), 'utf8').replace(/\n$/, '').split('\n');
      if (lines.length > MAX_FILE_LINES) long.push(`${file}: ${lines.length} lines`);
      lines.forEach((line, index) => {
        if (line.length > MAX_LINE_LENGTH) wide.push(`${file}:${index + 1}: ${line.length} characters`);
      });
    }
    expect(long).toEqual([]);
    expect(wide).toEqual([]);
  });
});
