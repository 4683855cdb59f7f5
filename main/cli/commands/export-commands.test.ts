import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateOpenAiLine } from '../../../engine/index';
import { closeAppContext, createAppContext } from '../../services/app/app-context';
import { runPrompts } from '../../store/exports/export-rows-repository';
import { DATABASE_FILE, openDatabase } from '../../store/database';
import { seedExportRun } from '../../test-support/export-run';
import { type HubServer, startHubServer } from '../../test-support/hub-server';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);

const TSX = pathToFileURL(join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

/** Spawns the CLI without blocking this process (the local Hub answers from here), in `cwd` (default the repository). */
async function wai(
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
  cwd = ROOT,
): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', TSX, join(ROOT, 'main', 'cli', 'wai.ts'), '--data-dir', dataDir, ...args],
      {
        cwd,
        env: { ...process.env, ...env },
      },
    );
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

/** Each spawn pays the CLI's start (a few seconds on a loaded 2-core machine). */
const SPAWN_TIMEOUT = 120_000;

const jsonLines = (file: string): Record<string, unknown>[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const temp = (name: string) => mkdtempSync(join(tmpdir(), `while-cli-${name}-`));

describe('wai decontaminate', () => {
  it(
    'keeps the rows that copy nothing, reports what each rule dropped, and names bad lines',
    async () => {
      const folder = temp('decon');
      const rows = join(folder, 'rows.jsonl');
      const against = join(folder, 'bench.jsonl');
      const copied = 'please cancel my subscription to the premium plan before the renewal date next month';
      writeFileSync(
        rows,
        [
          JSON.stringify({
            messages: [
              { role: 'user', content: 'where is my parcel, it was due on friday' },
              { role: 'assistant', content: 'Checking.' },
            ],
          }),
          JSON.stringify({ id: 'r2', task_id: 't-9', prompt: 'anything at all' }),
          JSON.stringify({ id: 'r3', prompt: `Hi! ${copied}, thanks` }),
          JSON.stringify({ id: 'r4', prompt: 'Refund order A1001' }),
          '',
        ].join('\n'),
      );
      writeFileSync(
        against,
        [
          JSON.stringify({ task_id: 't-9', prompt: 'a benchmark task' }),
          JSON.stringify({ prompt: copied }),
          JSON.stringify({ prompt: 'refund ORDER   a1001' }),
        ].join('\n'),
      );
      const out = join(folder, 'kept.jsonl');
      const report = join(folder, 'report.json');
      const result = await wai(temp('data'), ['decontaminate', rows, '--against', against, '--out', out, '--report', report]);
      expect(result.code).toBe(0);
      expect(result.stdout.indexOf('Warnings:')).toBeLessThan(result.stdout.indexOf('Kept 1 of 4 rows'));
      expect(result.stdout).toContain('1 same task, 1 exact, 1 near');
      expect(readFileSync(out, 'utf8')).toBe(`${readFileSync(rows, 'utf8').split('\n')[0]}\n`);
      expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({ n: 4, n_kept: 1, n_same_task: 1, n_exact: 1, n_near: 1 });

      writeFileSync(rows, `${JSON.stringify({ prompt: 'fine' })}\n{"prompt": \n${JSON.stringify({ id: 'x' })}\n`);
      const bad = await wai(temp('data'), ['decontaminate', rows, '--against', against, '--out', join(folder, 'other.jsonl')]);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain(`${rows}:2`);
      expect(bad.stderr).toContain(`${rows}:3 prompt`);
      expect(existsSync(join(folder, 'other.jsonl'))).toBe(false);
    },
    SPAWN_TIMEOUT,
  );
});

describe('wai export, push and environment', () => {
  let dataDir: string;
  let runId: string;
  let hub: HubServer;

  beforeAll(async () => {
    dataDir = temp('data');
    const context = createAppContext({ dataDir, mode: 'cli' });
    runId = (await seedExportRun(context)).run_id;
    // One row left ungraded (ordinal 2 passes in the seeded pattern): `--select all` must name it.
    context.db.prepare('DELETE FROM grades WHERE row_id = (SELECT id FROM rows WHERE run_id = ? AND ordinal = 2)').run(runId);
    await closeAppContext(context);
    hub = await startHubServer();
  });

  afterAll(() => hub.close());

  it(
    'exports passes only by default for SFT, decontaminated against a file, then pushes the folder privately',
    async () => {
      const out = temp('out');
      const bench = join(temp('bench'), 'bench.jsonl');
      writeFileSync(bench, `${JSON.stringify({ id: 'b1', prompt: 'a prompt no row has ever used in any run at all' })}\n`);
      const exported = await wai(dataDir, ['export', runId, '--format', 'openai', '--out', out, '--decontaminate', bench]);
      expect(exported.stderr).toBe('');
      expect(exported.code).toBe(0);
      expect(exported.stdout.indexOf('Warnings:')).toBeLessThan(exported.stdout.indexOf('Selected'));
      // Half the 40 seeded rows pass; the one left ungraded was a pass, so 19 remain.
      expect(exported.stdout).toContain('Selected 19 passing rows (reward 1) of 40 (--select all takes every row)');
      expect(exported.stdout).not.toContain('went into train');
      expect(exported.stdout).toMatch(/Wrote [\d,]+ lines? to /);
      const lines = readFileSync(join(out, 'data', 'train.jsonl'), 'utf8')
        .trimEnd()
        .split('\n');
      for (const line of lines) expect(validateOpenAiLine(line)).toEqual([]);
      // Only what OpenAI's reader reads; the grade and lineage sit beside, one metadata line per line.
      for (const line of jsonLines(join(out, 'data', 'train.jsonl'))) expect(Object.keys(line)).toEqual(['messages', 'tools']);
      const written = ['train', 'holdout'].flatMap((split) => jsonLines(join(out, 'data', `${split}.meta.jsonl`)));
      expect(written).toHaveLength(19);
      for (const line of written) expect(line.reward).toBe(1);

      const pushed = await wai(dataDir, ['push', out, '--repo', 'ana/cli', '--endpoint', hub.url], { HF_TOKEN: 'hf_clitoken' });
      expect(pushed.code).toBe(0);
      const repo = hub.repos.get('ana/cli')!;
      expect(repo.visibility).toBe('private');
      expect(pushed.stdout).toContain(`Commit ${repo.commits[0]!.oid}`);
      expect(pushed.stdout).toContain(`train: ${lines.length} rows (+${lines.length} -0)`);

      const noToken = await wai(dataDir, ['push', out, '--repo', 'ana/cli', '--endpoint', hub.url], { HF_TOKEN: '' });
      expect(noToken.code).toBe(1);
      expect(noToken.stderr).toContain('HF_TOKEN');
    },
    SPAWN_TIMEOUT,
  );

  it(
    'reads a relative --decontaminate FILE from the directory wai runs in, not the service’s',
    async () => {
      const here = temp('here');
      const db = openDatabase(join(dataDir, DATABASE_FILE));
      const [first] = runPrompts(db, runId);
      db.close();
      // A benchmark that holds the first row's prompt word for word: the rows asking it are dropped.
      writeFileSync(join(here, 'bench.jsonl'), `${JSON.stringify({ id: 'b1', prompt: first!.prompt })}\n`);
      const previewed = await wai(
        dataDir,
        ['export', runId, '--out', 'out', '--select', 'all', '--decontaminate', 'bench.jsonl', '--preview'],
        {},
        here,
      );
      expect(previewed.stderr).toBe('');
      expect(previewed.code).toBe(0);
      expect(previewed.stdout).toMatch(/\d+ rows? copied the evaluation set and (was|were) dropped \(0 same task, \d+ exact/);
      expect(previewed.stdout).toMatch(/Dropped:\n {2}decontamination: \d+ \(prompt equals an evaluation text/);
      const missing = await wai(dataDir, ['export', runId, '--out', 'out', '--decontaminate', 'nowhere.jsonl', '--preview'], {}, here);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain(join(here, 'nowhere.jsonl'));
    },
    SPAWN_TIMEOUT,
  );

  it(
    'takes every row with --select all and says the failing and ungraded rows went into train',
    async () => {
      const out = temp('all');
      const exported = await wai(dataDir, ['export', runId, '--format', 'trl', '--out', out, '--select', 'all', '--with-metadata']);
      expect(exported.code).toBe(0);
      // --with-metadata: the grade is in the lines, and no metadata file is written.
      expect(existsSync(join(out, 'data', 'train.meta.jsonl'))).toBe(false);
      const train = jsonLines(join(out, 'data', 'train.jsonl'));
      const failing = train.filter((line) => typeof line.reward === 'number' && line.reward < 1).length;
      const ungraded = train.filter((line) => typeof line.reward !== 'number').length;
      expect(failing).toBeGreaterThan(0);
      expect(ungraded).toBe(1);
      expect(exported.stdout).toContain(`--select all: ${failing} rows fail their grade and went into train, where SFT imitates them.`);
      expect(exported.stdout).toContain('--select all: 1 ungraded row went into train: grade the run first or it is trained on as it is.');
      expect(exported.stdout.indexOf('went into train')).toBeLessThan(exported.stdout.indexOf('Selected'));
      // The simulator_error row is selected but never written.
      expect(exported.stdout).toContain('Selected 40 rows of 40, failing and ungraded ones too');
    },
    SPAWN_TIMEOUT,
  );

  it(
    'takes every row for DPO and GRPO by default, and refuses --select passes for them',
    async () => {
      const out = temp('dpo');
      const exported = await wai(dataDir, ['export', runId, '--format', 'dpo-trl', '--out', out]);
      expect(exported.code).toBe(0);
      expect(exported.stdout).toContain('Selected 40 rows of 40, passing and failing (DPO pairs a pass with a failure)');
      const pairs = jsonLines(join(out, 'data', 'train.jsonl'));
      expect(pairs.length).toBeGreaterThan(0);
      for (const pair of pairs) expect(pair).toHaveProperty('chosen');

      const refusedOut = temp('grpo');
      const refused = await wai(dataDir, ['export', runId, '--format', 'grpo', '--out', refusedOut, '--select', 'passes']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        '--select passes cannot be used with --format grpo: GRPO groups need passing and failing rollouts of the same situation',
      );
      expect(readdirSync(refusedOut)).toEqual([]);
    },
    SPAWN_TIMEOUT,
  );

  it(
    'exits non-zero with the reason and the fix when a DPO export of single rollouts has no pair, writing nothing',
    async () => {
      const context = createAppContext({ dataDir, mode: 'cli' });
      const single = (await seedExportRun(context, { repeats: 1, budget: 12, seed: 3 })).run_id;
      await closeAppContext(context);
      const out = temp('single');
      const refused = await wai(dataDir, ['export', single, '--format', 'dpo-openai', '--out', out]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `Nothing to write for run ${single}: no DPO pair could be made: every situation has a single rollout`,
      );
      expect(refused.stderr).toContain('simulate the same spec and seed again with --repeats 2 or more');
      expect(readdirSync(out)).toEqual([]);
    },
    SPAWN_TIMEOUT,
  );

  it(
    'refuses an unknown run and writes an environment package',
    async () => {
      const missing = await wai(dataDir, ['export', 'run_nope', '--out', temp('out')]);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('There is no run run_nope');

      const out = temp('env');
      const environment = await wai(dataDir, ['environment', runId, '--out', out, '--name', 'refunds']);
      expect(environment.code).toBe(0);
      expect(environment.stdout).toMatch(/Environment refunds: \d+ train and \d+ holdout tasks/);
      expect(readdirSync(join(out, 'refunds')).sort()).toEqual([
        '__init__.py',
        'data',
        'pyproject.toml',
        'rewards.py',
        'spec.json',
        'world.py',
      ]);
    },
    SPAWN_TIMEOUT,
  );
});
