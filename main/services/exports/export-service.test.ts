import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobProgress } from '../../../shared/api';
import { ExportRequest, type ExportRequestInput } from '../../../shared/api/exports';
import { validateOpenAiLine, validateOpenAiPreferenceLine, validateTrlLine } from '../../../engine/index';
import { seedExportRun, type SeededRun } from '../../test-support/export-run';
import { type AppContext, closeAppContext, createAppContext } from '../app/app-context';
import { previewExport } from './export-preview';
import { listExports, runExport, startExport } from './export-service';
import { exportTuning } from './export-tuning';

let context: AppContext;
let seeded: SeededRun;

beforeAll(async () => {
  context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-export-')), mode: 'cli' });
  seeded = await seedExportRun(context);
});

afterAll(async () => {
  await context.exportJobs.stopAll();
  await closeAppContext(context);
});

const request = (input: Omit<ExportRequestInput, 'selection'> & { selection?: Partial<ExportRequestInput['selection']> }) =>
  ExportRequest.parse({ ...input, selection: { run_id: seeded.run_id, ...input.selection } });

/** Each row's latest grade: rows land with their conduct grade, then their grader's. */
const LATEST_GRADE = 'JOIN grades g ON g.id = (SELECT MAX(id) FROM grades WHERE grades.row_id = r.id)';

const folder = () => mkdtempSync(join(tmpdir(), 'while-export-out-'));
const linesOf = (path: string) =>
  readFileSync(path, 'utf8')
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as unknown);
/** The metadata of a split's lines: the file beside it, one line per line, keyed by line number. */
const metadataOf = (out: string, split: string) => linesOf(join(out, 'data', `${split}.meta.jsonl`));

describe('previewExport', () => {
  it('counts rows, splits and every exclusion before writing anything', async () => {
    const out = folder();
    const preview = await previewExport(context, request({ format: 'openai', destination: { kind: 'folder', folder: out } }));
    expect(preview.n_selected).toBe(seeded.rows);
    expect(preview.simulator_errors_excluded).toBe(1);
    expect(preview.warnings.some((warning) => warning.includes('simulator_error'))).toBe(true);
    const rows = preview.splits.reduce((total, split) => total + split.rows, 0);
    expect(rows).toBe(seeded.rows - 1);
    expect(preview.evaluation_rows).toBe(preview.splits.find((split) => split.split === 'holdout')!.rows);
    expect(preview.tool_rows_without_schemas).toBe(0);
    expect(readdirSync(out)).toEqual([]);
  });

  it('counts the rows below a full pass and the ungraded ones, over every split and in train alone', async () => {
    const failing = context.db
      .prepare(`SELECT COUNT(*) AS n FROM rows r ${LATEST_GRADE} WHERE r.run_id = ? AND g.reward < 1 AND r.id != ?`)
      .get(seeded.run_id, seeded.simulator_error_row) as { n: number };
    const preview = await previewExport(context, request({ format: 'openai', destination: { kind: 'folder', folder: folder() } }));
    expect(preview.grades?.failing).toBe(failing.n);
    expect(preview.grades?.ungraded).toBe(0);
    const out = folder();
    await runExport(context, request({ format: 'openai', destination: { kind: 'folder', folder: out } }));
    const trainFailing = metadataOf(out, 'train').filter((line) => (line as { reward: number }).reward < 1).length;
    expect(preview.grades?.train).toEqual({ failing: trainFailing, ungraded: 0 });
    const passes = await previewExport(
      context,
      request({ format: 'openai', selection: { passes_only: true }, destination: { kind: 'folder', folder: folder() } }),
    );
    expect(passes.grades).toEqual({ failing: 0, ungraded: 0, train: { failing: 0, ungraded: 0 } });
    const holdoutOnly = await previewExport(
      context,
      request({ format: 'openai', splits: ['holdout'], destination: { kind: 'folder', folder: folder() } }),
    );
    expect(holdoutOnly.grades?.train).toBeNull();
  });

  it('reports what decontamination against another run of the same spec would drop', async () => {
    const other = await seedExportRun(context);
    const preview = await previewExport(
      context,
      request({ format: 'openai', decontaminate: { runs: [other.run_id] }, destination: { kind: 'folder', folder: folder() } }),
    );
    const dropped = preview.dropped.filter((item) => item.gate === 'decontamination').reduce((total, item) => total + item.n, 0);
    expect(dropped).toBeGreaterThan(0);
    expect(preview.dropped.find((item) => item.gate === 'decontamination')!.reason).toContain('same task');
  });
});

describe('runExport to a folder', () => {
  const cases = [
    ['openai', (line: unknown) => validateOpenAiLine(line, { requireTools: true })],
    ['trl', (line: unknown) => validateTrlLine(line, 'sft', { requireTools: true })],
    ['dpo-openai', (line: unknown) => validateOpenAiPreferenceLine(line, { requireTools: true })],
    ['dpo-trl', (line: unknown) => validateTrlLine(line, 'preference', { requireTools: true })],
    ['grpo', (line: unknown) => validateTrlLine(line, 'prompt_only')],
  ] as const;

  it.each(cases)('writes %s files in which every line passes the format validator', async (format, validate) => {
    const out = folder();
    const outcome = await runExport(
      context,
      request({ format, splits: ['train', 'holdout'], destination: { kind: 'folder', folder: out } }),
    );
    expect(outcome.n_lines).toBeGreaterThan(0);
    const card = readFileSync(join(out, 'README.md'), 'utf8');
    expect(card).toContain('configs:');
    for (const { split, lines } of outcome.preview.splits) {
      // An empty split (a holdout with no DPO pair, say) has no file and no card entry.
      const path = join(out, 'data', `${split}.jsonl`);
      expect(existsSync(path)).toBe(lines > 0);
      expect(card.includes(`split: ${split}`)).toBe(lines > 0);
      if (lines === 0) continue;
      for (const line of linesOf(path)) expect(validate(line)).toEqual([]);
      expect(existsSync(join(out, 'data', `${split}.meta.jsonl`))).toBe(format !== 'grpo');
    }
    expect(readdirSync(out).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('writes the same files on worker threads, each reading its rows from the store', async () => {
    const serial = folder();
    const parallel = folder();
    const exportTo = (out: string) => runExport(context, request({ format: 'openai', destination: { kind: 'folder', folder: out } }));
    const one = await exportTo(serial);
    const tuning = { ...exportTuning };
    Object.assign(exportTuning, { parallel_min_rows: 1, parallel_min_cores: 1, source_min_cores: 1 });
    try {
      const many = await exportTo(parallel);
      expect(many.preview).toEqual(one.preview);
    } finally {
      Object.assign(exportTuning, tuning);
    }
    for (const file of ['data/train.jsonl', 'data/train.meta.jsonl', 'data/holdout.jsonl', 'data/holdout.meta.jsonl', 'README.md']) {
      expect(readFileSync(join(parallel, file), 'utf8')).toBe(readFileSync(join(serial, file), 'utf8'));
    }
  });

  it('never exports the simulator_error row and keeps a scenario in one split', async () => {
    const out = folder();
    await runExport(context, request({ format: 'openai', destination: { kind: 'folder', folder: out } }));
    type Line = { scenario_id: string; lineage: { ordinal: number } };
    const ids = (split: string) => metadataOf(out, split) as Line[];
    const train = ids('train');
    const holdout = ids('holdout');
    const errorRollout = context.db.prepare('SELECT ordinal FROM rows WHERE id = ?').get(seeded.simulator_error_row) as { ordinal: number };
    const all = [...train, ...holdout];
    expect(all.some((line) => line.lineage.ordinal === errorRollout.ordinal)).toBe(false);
    const holdoutScenarios = new Set(holdout.map((line) => line.scenario_id));
    expect(train.some((line) => holdoutScenarios.has(line.scenario_id))).toBe(false);
  });

  it('narrows to passes only and to a filter, and records each export', async () => {
    const out = folder();
    const outcome = await runExport(
      context,
      request({
        format: 'openai',
        selection: { passes_only: true, filter: { verdict: ['pass'] } },
        destination: { kind: 'folder', folder: out },
      }),
    );
    for (const split of ['train', 'holdout'])
      for (const line of metadataOf(out, split)) expect((line as { reward: number }).reward).toBe(1);
    const records = listExports(context, { run_id: seeded.run_id, limit: 100 });
    expect(records.find((record) => record.id === outcome.export_id)).toMatchObject({
      destination: 'folder',
      location: out,
      n_rows: outcome.n_lines,
    });
  });

  it('leaves out of passes only a row the judge passed and a person failed, and says so', async () => {
    const passed = context.db
      .prepare(
        `SELECT r.id AS id, r.ordinal AS ordinal FROM rows r ${LATEST_GRADE} WHERE r.run_id = ? AND g.reward = 1 ORDER BY r.ordinal LIMIT 2`,
      )
      .all(seeded.run_id) as { id: string; ordinal: number }[];
    const label = context.db.prepare(
      "INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at) VALUES (?, ?, ?, 'human', ?, NULL, ?)",
    );
    label.run(passed[0]!.id, seeded.run_id, 'fail', 'ana', '2026-11-02T00:00:00.000Z');
    // A second annotator's later pass does not undo the first one's fail; the first one's own later pass would.
    label.run(passed[0]!.id, seeded.run_id, 'pass', 'ben', '2026-11-03T00:00:00.000Z');
    label.run(passed[1]!.id, seeded.run_id, 'fail', 'ana', '2026-11-02T00:00:00.000Z');
    label.run(passed[1]!.id, seeded.run_id, 'pass', 'ana', '2026-11-03T00:00:00.000Z');
    try {
      const out = folder();
      const outcome = await runExport(
        context,
        request({ format: 'openai', selection: { passes_only: true }, destination: { kind: 'folder', folder: out } }),
      );
      const ordinals = ['train', 'holdout'].flatMap((split) =>
        (metadataOf(out, split) as { lineage: { ordinal: number } }[]).map((line) => line.lineage.ordinal),
      );
      expect(ordinals).not.toContain(passed[0]!.ordinal);
      expect(ordinals).toContain(passed[1]!.ordinal);
      expect(outcome.warnings).toContain('1 row the judge passed is labelled fail by a person: "passes only" leaves it out.');
    } finally {
      context.db.prepare('DELETE FROM labels WHERE row_id IN (?, ?)').run(passed[0]!.id, passed[1]!.id);
    }
  });

  it('refuses a folder whose data folder is a symlink leading outside it', async () => {
    const out = folder();
    const outside = folder();
    symlinkSync(outside, join(out, 'data'));
    await expect(runExport(context, request({ format: 'openai', destination: { kind: 'folder', folder: out } }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('symlink'),
    });
    expect(readdirSync(outside)).toEqual([]);
    expect(readdirSync(out)).toEqual(['data']);
  });
});

describe('export jobs', () => {
  it('streams job-progress events and ends completed', async () => {
    const events: JobProgress[] = [];
    const unsubscribe = context.events.subscribe((name, payload) => name === 'job-progress' && events.push(payload as JobProgress));
    const job = startExport(context, request({ format: 'trl', destination: { kind: 'folder', folder: folder() } }));
    await job.done;
    unsubscribe();
    const mine = events.filter((event) => event.job_id === job.job_id);
    expect(mine[0]).toMatchObject({ kind: 'export', run_id: seeded.run_id, status: 'running' });
    expect(mine.at(-1)).toMatchObject({ status: 'completed', message: expect.stringContaining('Wrote') });
  });

  it('cancelled midway leaves no file, not even a half one', async () => {
    const out = folder();
    mkdirSync(join(out, 'keep'));
    const events: JobProgress[] = [];
    const unsubscribe = context.events.subscribe((name, payload) => {
      if (name !== 'job-progress') return;
      events.push(payload as JobProgress);
      if ((payload as JobProgress).done > 0) context.exportJobs.cancel((payload as JobProgress).job_id);
    });
    const job = startExport(context, request({ format: 'openai', destination: { kind: 'folder', folder: out } }));
    await expect(job.done).rejects.toBeDefined();
    unsubscribe();
    expect(events.filter((event) => event.job_id === job.job_id).at(-1)).toMatchObject({ status: 'cancelled' });
    expect(readdirSync(out)).toEqual(['keep']);
  });
});

describe('runExport to an RL environment', () => {
  it('writes an installable verifiers package whose Python files compile', async () => {
    const out = folder();
    const outcome = await runExport(
      context,
      request({ format: 'grpo', destination: { kind: 'environment', folder: out, name: 'refund_env' } }),
    );
    expect(outcome.environment).toMatchObject({ name: 'refund_env', runtime: 'verifiers' });
    expect(existsSync(join(out, 'pyproject.toml'))).toBe(true);
    const python = readdirSync(join(out, 'refund_env')).filter((name) => name.endsWith('.py'));
    expect(python).toContain('__init__.py');
    execFileSync('python3', ['-m', 'py_compile', ...python.map((name) => join(out, 'refund_env', name))]);
    const spec = JSON.parse(readFileSync(join(out, 'refund_env', 'spec.json'), 'utf8')) as { tools: Record<string, unknown>[] };
    expect(spec.tools.length).toBeGreaterThan(0);
    // One rollout through the fake of verifiers' current API: the tools offered are the exported ones, a flat tool call
    // gets the world's answer, the rubric scores it.
    const fixtures = join(__dirname, '../../../engine/export/__fixtures__');
    const driver = [join(fixtures, 'environment-rollout.py'), out, join(fixtures, 'fake-verifiers'), 'refund_env'];
    const rollout = JSON.parse(execFileSync('python3', driver, { encoding: 'utf8' }).trim().split('\n').at(-1)!) as {
      offered: unknown[];
      tool_reply: { content: string };
      world_answer: string;
      reward: number;
    };
    const exported = spec.tools.map(({ name, description, parameters }) => ({
      type: 'function',
      function: { name, description, parameters },
    }));
    expect(rollout.offered).toEqual([exported, exported]);
    expect(rollout.tool_reply.content).toBe(rollout.world_answer);
    expect(JSON.parse(rollout.world_answer)).toHaveProperty('status');
    expect(typeof rollout.reward).toBe('number');
  });
});
