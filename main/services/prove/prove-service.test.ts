import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunConfig } from '../../../shared/domain';
import { insertRow } from '../../store/rows/rows-repository';
import { insertRun } from '../../store/runs/runs-repository';
import { sampleRow } from '../../store/__fixtures__/sample-row';
import { closeAppContext, createAppContext } from '../app/app-context';
import { proveLineJson, proveSides, replaySimulateOptions } from './prove-service';
import { ServiceError } from '../app/service-error';

const lines = (records: [string, string, number][]) =>
  records.map(([task, category, pass]) => JSON.stringify({ task_id: task, category, pass })).join('\n');

// Per task (before -> after): t1 0.5 -> 1, t2 0 -> 1, t3 0 -> 0, t4 1 -> 1 (refunds); t5 1 -> 1, t6 1 -> 0, t7 0 -> 1, t8 1 -> 1 (cancels).
const BEFORE = lines([
  ['t1', 'refunds', 1],
  ['t1', 'refunds', 0],
  ['t2', 'refunds', 0],
  ['t3', 'refunds', 0],
  ['t4', 'refunds', 1],
  ['t5', 'cancels', 1],
  ['t6', 'cancels', 1],
  ['t7', 'cancels', 0],
  ['t8', 'cancels', 1],
]);
const AFTER = lines([
  ['t1', 'refunds', 1],
  ['t1', 'refunds', 1],
  ['t2', 'refunds', 1],
  ['t3', 'refunds', 0],
  ['t4', 'refunds', 1],
  ['t5', 'cancels', 1],
  ['t6', 'cancels', 0],
  ['t7', 'cancels', 1],
  ['t8', 'cancels', 1],
]);

describe('prove over two JSONL files', () => {
  const outcome = proveSides(null, {
    before: { kind: 'jsonl', name: 'B.jsonl', text: BEFORE },
    after: { kind: 'jsonl', name: 'A.jsonl', text: AFTER },
  });

  it('reports the hand-computed paired mean of per-task differences, inside its own interval', () => {
    const { overall } = outcome.report;
    // Repeats are averaged per task first: diffs 0.5, 1, 0, 0, 0, -1, 1, 0 -> 1.5 / 8.
    expect(overall.delta).toBe(0.1875);
    expect(overall.before).toBe(0.5625);
    expect(overall.after).toBe(0.75);
    expect(overall.n_tasks).toBe(8);
    expect(overall.ci_low!).toBeLessThanOrEqual(0.1875);
    expect(overall.ci_high!).toBeGreaterThanOrEqual(0.1875);
    expect(outcome.report.categories.map((line) => [line.category, line.delta])).toEqual([
      ['cancels', 0],
      ['refunds', 0.375],
    ]);
    expect(outcome.before).toEqual({ label: 'B.jsonl', n_records: 9, n_tasks: 8, eval_runs: 1, n_ungraded: 0, n_simulator_errors: 0 });
  });

  it('refuses to call noise a gain and warns about the small categories before any number', () => {
    expect(outcome.report.overall.headline).toBe('NO DIFFERENCE');
    expect(outcome.report.warnings.some((warning) => warning.startsWith('low n: cancels (4), refunds (4)'))).toBe(true);
    expect(outcome.explanation).toBeNull();
  });

  it('explains an INCONCLUSIVE gain in one sentence, saying how to reach PASS', () => {
    const tasks = Array.from({ length: 12 }, (_, index) => `g${index}`);
    const gain = proveSides(null, {
      before: { kind: 'jsonl', name: 'B.jsonl', text: lines(tasks.map((task) => [task, 'all', 0])) },
      after: { kind: 'jsonl', name: 'A.jsonl', text: lines(tasks.map((task) => [task, 'all', 1])) },
    });
    expect(gain.report.overall.headline).toBe('INCONCLUSIVE (1 eval run a side, rerun to confirm)');
    expect(gain.explanation).toMatch(/^INCONCLUSIVE means .* "eval_run"/);
    expect(gain.explanation!.split('. ').length).toBe(1);
  });

  it('names the file, line and field of a bad line', () => {
    let caught: unknown;
    try {
      proveSides(null, {
        before: { kind: 'jsonl', name: 'B.jsonl', text: '{"task_id": "t1", "pass": 2}' },
        after: { kind: 'jsonl', name: 'A.jsonl', text: AFTER },
      });
    } catch (error) {
      caught = error;
    }
    expect(ServiceError.isInstance(caught)).toBe(true);
    expect((caught as ServiceError).issues).toEqual([{ path: 'B.jsonl:1 pass', message: 'pass must be 0 or 1' }]);
  });

  it("gives the CLI line exactly the issue's keys", () => {
    expect(Object.keys(proveLineJson(outcome.report.overall))).toEqual([
      'category',
      'n_tasks',
      'before',
      'after',
      'delta',
      'ci_low',
      'ci_high',
      'p_value',
      'headline',
    ]);
  });
});

describe('prove over two runs', () => {
  it('pairs the runs by situation, categorises by an axis, and leaves ungraded rows out with a warning', async () => {
    const context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-prove-')), mode: 'cli' });
    try {
      const config = RunConfig.parse({ source: { kind: 'describe', sentence: 'a support agent that never invents order numbers' } });
      const grade = context.db.prepare(
        `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, provenance, created_at)
         VALUES (?, ?, ?, 'r', 'ok', 'judge', 'judge', '{}', 't')`,
      );
      for (const [run, rewards] of [
        ['before', [0, 0, 1, 0, 1, 0, null]],
        ['after', [1, 1, 1, 0, 1, 1, 1]],
      ] as const) {
        insertRun(context.db, { id: run, name: `${run} run`, status: 'completed', config, now: 't' });
        rewards.forEach((reward, ordinal) => {
          insertRow(context.db, sampleRow(ordinal), { run_id: run, duration_ms: 1, created_at: 't' });
          if (reward !== null) grade.run(`${run}:${ordinal}`, run, reward);
        });
      }
      const outcome = proveSides(context, {
        before: { kind: 'run', run_id: 'before', category_axis: 'stance' },
        after: { kind: 'run', run_id: 'after', category_axis: 'stance' },
      });
      expect(outcome.before).toMatchObject({ label: 'before run', n_records: 6, n_ungraded: 1 });
      expect(outcome.report.overall).toMatchObject({ n_tasks: 6, before: 0.3333, after: 0.8333, delta: 0.5 });
      expect(outcome.report.categories.map((line) => line.category)).toEqual(['adversarial', 'hurried', 'ordinary']);
      expect(outcome.report.warnings[0]).toBe('before: 1 of 7 rows of before run are ungraded and left out: grade the run first');
      // A row a person marks simulator_error is not the agent's result: it leaves the comparison, with a warning.
      context.db
        .prepare(
          `INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at) VALUES ('after:0', 'after', 'simulator_error', ` +
            `'human', 'ada', NULL, 't')`,
        )
        .run();
      const without = proveSides(context, {
        before: { kind: 'run', run_id: 'before', category_axis: 'stance' },
        after: { kind: 'run', run_id: 'after', category_axis: 'stance' },
      });
      expect(without.after).toMatchObject({ n_records: 6, n_ungraded: 0, n_simulator_errors: 1 });
      expect(without.report.overall).toMatchObject({ n_tasks: 5 });
      expect(without.report.warnings[0]).toBe(
        'after: 1 row labelled simulator_error is left out of after run: the simulated person broke the conversation.',
      );
    } finally {
      await closeAppContext(context);
    }
  });
});

describe("replaying a run's task set", () => {
  it('gives one task per situation of the earlier run, with its stored situation and prompt', async () => {
    const context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-replay-')), mode: 'cli' });
    try {
      const config = RunConfig.parse({ source: { kind: 'describe', sentence: 'a support agent that never invents order numbers' } });
      insertRun(context.db, { id: 'earlier', name: 'earlier', status: 'completed', config, now: 't' });
      for (let ordinal = 0; ordinal < 9; ordinal++)
        insertRow(context.db, sampleRow(ordinal), { run_id: 'earlier', duration_ms: 1, created_at: 't' });
      const { replay } = replaySimulateOptions(context.db, 'earlier');
      // sampleRow cycles seven scenario ids, so nine rows are seven tasks.
      expect(replay).toHaveLength(7);
      expect(replay![0]![0]).toMatchObject({ ask: 'where is my order A1001', situation: sampleRow(0).situation, writer_model: 'template' });
      expect(replaySimulateOptions(context.db, undefined)).toEqual({});
      expect(() => replaySimulateOptions(context.db, 'missing')).toThrow(/has no rows to replay/);
    } finally {
      await closeAppContext(context);
    }
  });
});

describe('before and after from one source', () => {
  it('refuses the same run or the same lines twice before any number, and warns first when two sources hold the same results', async () => {
    const context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-prove-same-')), mode: 'cli' });
    try {
      const config = RunConfig.parse({ source: { kind: 'describe', sentence: 'a support agent that never invents order numbers' } });
      insertRun(context.db, { id: 'only', name: 'only run', status: 'completed', config, now: 't' });
      const side = { kind: 'run', run_id: 'only', category_axis: 'tool' } as const;
      expect(() => proveSides(context, { before: side, after: { ...side, category_axis: 'stance' } })).toThrow(
        expect.objectContaining({
          code: 'VALIDATION_FAILED',
          message:
            'Before and after are the same run (only): every difference would be 0 by construction. Choose the run of the changed agent ' +
            'as after.',
        }),
      );
    } finally {
      await closeAppContext(context);
    }
    expect(() =>
      proveSides(null, {
        before: { kind: 'jsonl', name: 'B.jsonl', text: BEFORE },
        after: { kind: 'jsonl', name: 'copy.jsonl', text: BEFORE },
      }),
    ).toThrow(
      'Before and after hold the same lines (B.jsonl and copy.jsonl): every difference would be 0 by construction. Choose the results ' +
        'of the changed agent as after.',
    );
    // The same results written in another order: compared, but the first warning says so.
    const reordered = BEFORE.split('\n').reverse().join('\n');
    const outcome = proveSides(null, {
      before: { kind: 'jsonl', name: 'B.jsonl', text: BEFORE },
      after: { kind: 'jsonl', name: 'A.jsonl', text: reordered },
    });
    expect(outcome.report.overall.delta).toBe(0);
    expect(outcome.report.warnings[0]).toBe(
      'Before (B.jsonl) and after (A.jsonl) hold the same results task by task: every difference is 0 by construction. Check that after ' +
        "is the changed agent's results.",
    );
  });
});
