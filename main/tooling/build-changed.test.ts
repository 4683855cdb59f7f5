import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./build-changed.mjs', import.meta.url));

/** A package with the script, a renderer source, and a stand-in for vite that notes each build and writes the page. */
function fakePackage(): string {
  const root = mkdtempSync(join(tmpdir(), 'while-build-changed-'));
  mkdirSync(join(root, 'main', 'tooling'), { recursive: true });
  copyFileSync(SCRIPT, join(root, 'main', 'tooling', 'build-changed.mjs'));
  mkdirSync(join(root, 'renderer'));
  writeFileSync(join(root, 'renderer', 'app.tsx'), 'export const app = 1;\n');
  writeFileSync(join(root, 'package-lock.json'), '{}\n');
  mkdirSync(join(root, 'node_modules', 'vite', 'bin'), { recursive: true });
  writeFileSync(
    join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
    `const fs = require('node:fs');
     fs.mkdirSync('dist/renderer', { recursive: true });
     fs.writeFileSync('dist/renderer/index.html', '<html></html>');
     fs.appendFileSync('builds.log', 'built\\n');`,
  );
  return root;
}

const buildRenderer = (root: string) =>
  spawnSync(process.execPath, [join(root, 'main', 'tooling', 'build-changed.mjs'), 'renderer'], { cwd: root, encoding: 'utf8' });
const builds = (root: string) => readFileSync(join(root, 'builds.log'), 'utf8').split('\n').filter(Boolean).length;

describe('build-changed', () => {
  it('builds a part once, then again only when the content of one of its sources changes', () => {
    const root = fakePackage();
    const first = buildRenderer(root);
    expect(first.status).toBe(0);
    expect(first.stderr).toContain('Building renderer (never built)');
    expect(builds(root)).toBe(1);

    expect(buildRenderer(root).stderr).toBe('');
    // Saved again with the same content (a checkout, an editor's save): its time moved, not its content.
    utimesSync(join(root, 'renderer', 'app.tsx'), new Date(), new Date(Date.now() + 5000));
    expect(buildRenderer(root).stderr).toBe('');
    // Tests are no part of a build.
    writeFileSync(join(root, 'renderer', 'app.test.tsx'), 'it("works", () => {});\n');
    expect(buildRenderer(root).stderr).toBe('');
    expect(builds(root)).toBe(1);

    writeFileSync(join(root, 'renderer', 'app.tsx'), 'export const app = 2;\n');
    expect(buildRenderer(root).stderr).toContain('Building renderer (its sources changed)');
    expect(builds(root)).toBe(2);
    expect(buildRenderer(root).stderr).toBe('');
  }, 60_000);

  it('names a part it does not know, and builds nothing', () => {
    const root = fakePackage();
    const result = spawnSync(process.execPath, [join(root, 'main', 'tooling', 'build-changed.mjs'), 'docs'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('no part docs (the parts are renderer, desktop, terminal)');
  });
});
