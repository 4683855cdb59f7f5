// Sizes a newcomer can hold in their head (README "Contributing"). ESLint checks lines of code; this also covers CSS
// and folders. Tests and fixtures aside. `npm run lint` runs it (node main/conventions/source-layout.mjs), and
// source-size.test.ts holds the same rules in the unit suite.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LAYERS = ['engine', 'main', 'renderer', 'shared'];
export const MAX_FILE_LINES = 300;
export const MAX_LINE_LENGTH = 140;
export const MAX_FOLDER_FILES = 20;

const isSource = (name) => /\.(ts|tsx|mjs|js|css)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');
const isSupport = (folder) => /(^|\/)(__fixtures__|test-support)(\/|$)/.test(folder);

function folders() {
  return LAYERS.flatMap((layer) =>
    readdirSync(join(ROOT, layer), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .concat(layer)
      .filter((folder) => !isSupport(folder) && !folder.includes('node_modules')),
  );
}

const sourcesIn = (folder) =>
  readdirSync(join(ROOT, folder), { withFileTypes: true })
    .filter((entry) => entry.isFile() && isSource(entry.name))
    .map((entry) => `${folder}/${entry.name}`);

/** Every breach of the layout rules: folders over the file count, files over the line count, lines over the width. */
export function layoutBreaches() {
  const all = folders();
  const files = all.flatMap(sourcesIn);
  const crowded = all
    .map((folder) => [folder, sourcesIn(folder).length])
    .filter(([, count]) => count > MAX_FOLDER_FILES)
    .map(([folder, count]) => `${folder}: ${count} source files (at most ${MAX_FOLDER_FILES}; move some into a subfolder)`);
  const long = [];
  const wide = [];
  for (const file of files) {
    const lines = readFileSync(join(ROOT, file), 'utf8').replace(/\n$/, '').split('\n');
    if (lines.length > MAX_FILE_LINES) long.push(`${file}: ${lines.length} lines (at most ${MAX_FILE_LINES})`);
    lines.forEach((line, index) => {
      if (line.length > MAX_LINE_LENGTH) wide.push(`${file}:${index + 1}: ${line.length} characters (at most ${MAX_LINE_LENGTH})`);
    });
  }
  return { files: files.length, crowded, long, wide };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { crowded, long, wide } = layoutBreaches();
  const breaches = [...crowded, ...long, ...wide];
  for (const breach of breaches) console.error(breach);
  process.exitCode = breaches.length === 0 ? 0 : 1;
}
