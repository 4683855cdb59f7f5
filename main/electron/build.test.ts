import { build, type Metafile } from 'esbuild';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { electronBuilds, MAIN_ENTRIES, PRELOAD_ENTRIES, terminalBuilds } from './build-options';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** A word for `sh -c`, quoted. */
const shellWord = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;
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

describe('the terminal bundles', () => {
  // Inside the repository, so the packages left external (commander, better-sqlite3) resolve from node_modules.
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  const terminal = mkdtempSync(join(ROOT, 'dist', 'test-terminal-'));
  afterAll(() => rmSync(terminal, { recursive: true, force: true }));
  const node = (args: string[]) => execFileSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  const fromSource = (args: string[]) => node(['--import', 'tsx', 'main/cli/wai.ts', ...args]);

  it('build with no warning, and wai.mjs answers as the source does, loading only the command it runs', async () => {
    const results = await Promise.all(
      terminalBuilds(ROOT, terminal).map((options) => build({ ...options, logLevel: 'silent', metafile: true })),
    );
    expect(results.flatMap((result) => result.warnings.map((warning) => `${warning.id}: ${warning.text}`))).toEqual([]);
    const outputs: Metafile['outputs'] = Object.assign({}, ...results.map((result) => result.metafile!.outputs));
    const inputsOf = (name: string) => Object.keys(Object.entries(outputs).find(([path]) => path.endsWith(`/${name}`))![1].inputs);

    // `wai --help` parses the command list alone; `wai pairwise` the covering-array code, no store, schema or model client.
    expect(inputsOf('wai.mjs').sort()).toEqual([
      'main/cli/bounded-thread.ts',
      'main/cli/command-list.ts',
      'main/cli/wai.ts',
      'main/services/app/version.ts',
      'package.json',
    ]);
    const pairwise = inputsOf('pairwise-command.mjs');
    expect(pairwise.some((input) => input.startsWith('engine/coverage/'))).toBe(true);
    expect(pairwise.filter((input) => /node_modules\/(zod|@faker-js|ajv|yaml)\/|main\/store\//.test(input))).toEqual([]);

    const model = join(terminal, 'model.txt');
    writeFileSync(model, 'Tool: lookup, refund, cancel\nStance: calm, hurried, adversarial\nCondition: ok, timeout\n');
    const wai = join(terminal, 'wai.mjs');
    expect(node([wai, '--help'])).toBe(fromSource(['--help']));
    expect(node([wai, 'pairwise', model, '--seed', '4'])).toBe(fromSource(['pairwise', model, '--seed', '4']));
    const dataDir = mkdtempSync(join(tmpdir(), 'while-terminal-'));
    expect(node([wai, '--data-dir', dataDir, 'runs', 'list'])).toBe(`No runs yet in ${dataDir}.\n`);
    // `wai export` runs on a bounded thread (bounded-thread.ts): what it prints and its exit code are the process's.
    const refused = spawnSync(process.execPath, [wai, '--data-dir', dataDir, 'export', 'nope', '--out', join(dataDir, 'out')], {
      encoding: 'utf8',
    });
    expect({ status: refused.status, stdout: refused.stdout, stderr: refused.stderr }).toEqual({
      status: 1,
      stdout: '',
      stderr: 'wai: There is no run nope.\n',
    });

    // At a terminal (`script` gives it one) the export's thread draws its progress, though its own stderr is a pipe.
    node([wai, '--data-dir', dataDir, 'simulate', '--spec', 'resources/examples/refund-desk.spec.yaml', '--rows', '20', '--seed', '1']);
    const runId = z.object({ runs: z.array(z.object({ id: z.string() })).length(1) }).parse(JSON.parse(node([wai, '--data-dir', dataDir, 'runs', 'list', '--json']))).runs[0]!.id;
    const exportLine = [process.execPath, wai, '--data-dir', dataDir, 'export', runId, '--select', 'all', '--out', join(dataDir, 'at-terminal')];
    const atTerminal = execFileSync('script', ['-qec', exportLine.map(shellWord).join(' '), '/dev/null'], { cwd: ROOT, encoding: 'utf8' });
    expect(atTerminal).toMatch(/\r20\/20 {3}/);
  }, 180_000);
});
