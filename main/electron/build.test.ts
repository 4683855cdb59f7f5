import { build } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { electronBuilds, MAIN_ENTRIES, PRELOAD_ENTRIES } from './build-options';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const outdir = mkdtempSync(join(tmpdir(), 'while-electron-build-'));

describe('the desktop bundles', () => {
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('build with no warning, and code that reads import.meta.url gets the bundled file it runs from', async () => {
    const entries = { main: { ...MAIN_ENTRIES, 'where-am-i': 'main/electron/__fixtures__/where-am-i.ts' }, preload: PRELOAD_ENTRIES };
    const results = await Promise.all(
      electronBuilds(ROOT, outdir, entries).map((options) => build({ ...options, logLevel: 'silent', sourcemap: false })),
    );
    expect(results.flatMap((result) => result.warnings.map((warning) => `${warning.id}: ${warning.text}`))).toEqual([]);

    const bundled = join(outdir, 'where-am-i.cjs');
    expect(createRequire(import.meta.url)(bundled)).toMatchObject({ here: bundled });
    // The sandboxed preload gets nothing that needs Node's `url` module.
    expect(readFileSync(join(outdir, 'preload.cjs'), 'utf8')).not.toContain('node:url');
  }, 60_000);
});
