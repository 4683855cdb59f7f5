import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GradesRunInput, type GradesRunInput as GradesRunRequest } from '../../../shared/api/grades';
import { CONDUCT_PROVENANCE } from '../../../engine/index';
import { dispatch } from '../../api/dispatch';
import { DATABASE_FILE } from '../../store/database';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { BROKEN_JUDGE_ROWS, executeGrading } from './grade-executor';
import { gradesSummary, planGrading, rowGrades, rowVerdicts } from './grading-service';
import {
  BROKEN_MODULE,
  JUDGE_MODULE,
  NO_DEFAULT_MODULE,
  judgeCommand,
  simulateOfflineRun,
  storeCraftedRun,
} from '../../test-support/grading-run';

const contexts: AppContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => closeAppContext(context)));
});

function newContext(): AppContext {
  const context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-grading-')), mode: 'browser' });
  contexts.push(context);
  return context;
}

/** Grades in this thread (as the CLI does) and returns the outcome. */
function grade(context: AppContext, request: Partial<GradesRunRequest> & { run_id: string }) {
  return executeGrading({ db: context.db, plan: planGrading(context, GradesRunInput.parse(request)) });
}

// One offline simulation shared by the read-only checks below (a fresh store per test otherwise).
let shared: { context: AppContext; runId: string };
beforeAll(async () => {
  const context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-grading-')), mode: 'browser' });
  shared = { context, runId: await simulateOfflineRun(context, 40, 7) };
  expect((await grade(context, { run_id: shared.runId })).status).toBe('completed');
  return () => closeAppContext(context);
});

describe('grading an offline run with the conduct checks', () => {
  it('shows passes and failures, each with its provenance, and the span that fired a failing rule', () => {
    const summary = gradesSummary(shared.context, shared.runId);
    expect(summary.warnings).toEqual([]);
    expect(summary.judges).toHaveLength(1);
    const [conduct] = summary.judges;
    expect(conduct).toMatchObject({ judge_name: 'conduct', label_source: 'conduct', n_graded: 40, unjudged: 0, n_missing: 0 });
    expect(conduct!.passes).toBeGreaterThan(0);
    expect(conduct!.failures).toBeGreaterThan(0);
    expect(conduct!.passes + conduct!.failures).toBe(40);
    expect(conduct!.provenance).toEqual(CONDUCT_PROVENANCE);
    expect(conduct!.provenance.rubric_hash).toMatch(/^[0-9a-f]+$/);
    expect(conduct!.provenance.version).toMatch(/^conduct@/);
    expect(Object.values(conduct!.by_failure_class).reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(conduct!.failures);

    const failing = shared.context.db
      .prepare('SELECT row_id FROM grades WHERE run_id = ? AND reward = 0 AND span IS NOT NULL ORDER BY id LIMIT 1')
      .get(shared.runId) as { row_id: string } | undefined;
    expect(failing).toBeDefined();
    const { grades } = rowGrades(shared.context, failing!.row_id);
    expect(grades[0]).toMatchObject({
      reward: 0,
      judge_status: 'ok',
      label_source: 'conduct',
      is_latest: true,
      provenance: CONDUCT_PROVENANCE,
    });
    expect(grades[0]!.failure_class).toBe(grades[0]!.judge_meta['rule']);
    expect(grades[0]!.span).toMatchObject({ message_index: expect.any(Number), start: expect.any(Number), end: expect.any(Number) });
    expect(grades[0]!.span!.end).toBeGreaterThan(grades[0]!.span!.start);
  });

  it('grades again as a new grade, and counts only the latest per row', async () => {
    const context = newContext();
    const ids = storeCraftedRun(context.db, 'run_twice', 5);
    await grade(context, { run_id: 'run_twice' });
    await grade(context, { run_id: 'run_twice' });
    expect(rowGrades(context, ids[0]!).grades.map((entry) => entry.is_latest)).toEqual([true, false]);
    expect(gradesSummary(context, 'run_twice').judges[0]).toMatchObject({ n_graded: 5 });
    const skipped = await grade(context, { run_id: 'run_twice', skip_graded: true });
    expect(skipped).toMatchObject({ status: 'completed', done: 0, total: 0 });
  });
});

describe('custom judges', () => {
  it('grade with a command judge after the conduct checks, with its version stamped on every grade', async () => {
    const context = newContext();
    const ids = storeCraftedRun(context.db, 'run_command', 3);
    const outcome = await grade(context, { run_id: 'run_command', judge: judgeCommand(), version: 'v1', concurrency: 3 });
    expect(outcome, outcome.message).toMatchObject({ status: 'completed', done: 6, total: 6 });
    const summary = gradesSummary(context, 'run_command');
    expect(summary.judges.map((judge) => judge.judge_key)).toEqual([CONDUCT_PROVENANCE.version, 'ordinal-judge@v1']);
    expect(summary.judges[1]).toMatchObject({
      label_source: 'custom',
      n_graded: 3,
      passes: 2,
      failures: 1,
      unjudged: 0,
      mean_reward: 0.6667,
      by_failure_class: { third_row: 1 },
    });
    const judged = rowGrades(context, ids[0]!).grades[0]!;
    expect(judged).toMatchObject({ reward: 0, judge_status: 'ok', failure_class: 'third_row', judge_name: 'ordinal-judge' });
    expect(judged.provenance).toMatchObject({
      judge: 'ordinal-judge',
      version: 'v1',
      settings: { command: process.execPath, mode: 'per-row' },
    });
    expect(judged.judge_meta['markers']).toEqual({ polite: 1 });
    const verdicts = rowVerdicts(context, 'run_command');
    expect(verdicts.judge_key).toBe('ordinal-judge@v1');
    expect(verdicts.verdicts.map((verdict) => [verdict.row_id, verdict.reward])).toEqual(
      ids.map((id, ordinal) => [id, ordinal % 3 === 0 ? 0 : 1]),
    );
    expect(rowVerdicts(context, 'run_command', 'conduct').judge_key).toBe(CONDUCT_PROVENANCE.version);
  });

  it('grade with a module judge; a row it throws on is unjudged with reward null, never 0', async () => {
    const context = newContext();
    const ids = storeCraftedRun(context.db, 'run_module', 4);
    await grade(context, { run_id: 'run_module', judge: `module:${JUDGE_MODULE}`, version: 'm2' });
    const [errored] = rowGrades(context, ids[1]!).grades;
    expect(errored).toMatchObject({ judge_name: 'reward-module', judge_status: 'error', reward: null });
    expect(errored!.reason).toContain('the module judge broke on row 1');
    const judge = gradesSummary(context, 'run_module').judges[1]!;
    expect(judge).toMatchObject({ n_graded: 4, passes: 2, failures: 1, unjudged: 1, partials: 1, statuses: { ok: 3, error: 1 } });
    expect(gradesSummary(context, 'run_module').warnings).toContainEqual(
      expect.stringContaining('reward-module@m2: 1 of 4 rows are unjudged (1 error)'),
    );
  });

  it('stop, loudly, when the judge fails the first rows with one error; those rows are unjudged', async () => {
    const context = newContext();
    storeCraftedRun(context.db, 'run_broken', BROKEN_JUDGE_ROWS + 4);
    const outcome = await grade(context, { run_id: 'run_broken', judge: `module:${BROKEN_MODULE}`, version: 'v1', concurrency: 4 });
    expect(outcome.status).toBe('failed');
    expect(outcome.message).toContain('the judge cannot read rows today');
    const judge = gradesSummary(context, 'run_broken').judges[1]!;
    // The rows in flight when it tripped still land; the rest are never sent.
    expect(judge.n_graded).toBeGreaterThanOrEqual(BROKEN_JUDGE_ROWS);
    expect(judge.n_missing).toBeGreaterThan(0);
    expect(judge).toMatchObject({
      unjudged: judge.n_graded,
      passes: 0,
      failures: 0,
      mean_reward: null,
      statuses: { error: judge.n_graded },
    });
    const rewards = context.db.prepare("SELECT DISTINCT reward FROM grades WHERE judge_name = 'broken-module'").all();
    expect(rewards).toEqual([{ reward: null }]);
  });

  it('cancel after the rows in flight; grading again with skip_graded finishes the rest', async () => {
    const context = newContext();
    storeCraftedRun(context.db, 'run_resume', 12);
    const plan = planGrading(
      context,
      GradesRunInput.parse({ run_id: 'run_resume', judge: `module:${JUDGE_MODULE}`, version: 'v1', concurrency: 2 }),
    );
    // Asked twice by the conduct pass, once before the judge, then once per row: the sixth row is never started.
    let asked = 0;
    const cancelled = await executeGrading({ db: context.db, plan, isCancelled: () => ++asked > 8 });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.message).toContain('grades written so far are kept');
    const kept = gradesSummary(context, 'run_resume').judges[1]!.n_graded;
    expect(kept).toBe(5);
    const resumed = await grade(context, { run_id: 'run_resume', judge: `module:${JUDGE_MODULE}`, version: 'v1', skip_graded: true });
    // Conduct had graded every row; the module's error row (ordinal 1) is not ok, so it is judged again.
    expect(resumed).toMatchObject({ status: 'completed', done: 12 - kept + 1 });
    expect(gradesSummary(context, 'run_resume').judges[1]).toMatchObject({ n_graded: 12, n_missing: 0 });
  });

  it('refuse a custom judge without a version, an unknown judge, and a module that is not there', async () => {
    const context = newContext();
    storeCraftedRun(context.db, 'run_refused', 2);
    expect(await dispatch(context, 'grades.run', { run_id: 'run_refused', judge: judgeCommand() })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', message: expect.stringContaining('needs a version'), issues: [{ path: 'version' }] },
    });
    expect(await dispatch(context, 'grades.run', { run_id: 'run_refused', judge: 'gpt-5' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', message: expect.stringContaining('Unknown judge "gpt-5"') },
    });
    expect(await dispatch(context, 'grades.run', { run_id: 'run_refused', judge: 'anthropic:claude-haiku-4-5' })).toMatchObject({
      ok: false,
      error: {
        code: 'VALIDATION_FAILED',
        issues: [
          {
            path: 'judge',
            message: expect.stringContaining(
              'No key for anthropic:claude-haiku-4-5: browser mode reads keys only from the environment of the server',
            ),
          },
        ],
      },
    });
    expect(await dispatch(context, 'grades.run', { run_id: 'run_refused', judge: 'module:./nowhere.mjs', version: 'v1' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', message: expect.stringContaining('There is no judge module at') },
    });
    await expect(grade(context, { run_id: 'run_refused', judge: `module:${NO_DEFAULT_MODULE}`, version: 'v1' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('must have a default export'),
    });
    expect(await dispatch(context, 'grades.run', { run_id: 'run_missing' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(context.db.prepare('SELECT COUNT(*) AS n FROM grades').get()).toEqual({ n: 0 });
  });
});

/**
 * Another process writing a run, as `wai simulate` does: its own connection to the store file, its own pid, a lease
 * row for the run and a heartbeat every 2 s. Resolves once the lease is stored.
 */
async function leaseFromAnotherProcess(dataDir: string, runId: string): Promise<ChildProcess> {
  const script = `
    const Database = require('better-sqlite3');
    const { hostname } = require('node:os');
    const [file, runId] = process.argv.slice(1);
    const db = new Database(file);
    db.pragma('busy_timeout = 5000');
    db.prepare("INSERT INTO run_leases (run_id, token, pid, host, program, acquired_at, heartbeat_at) VALUES (?, 'elsewhere', ?, ?, " +
      "'wai simulate', ?, ?)")
      .run(runId, process.pid, hostname(), Date.now(), Date.now());
    setInterval(() => db.prepare('UPDATE run_leases SET heartbeat_at = ? WHERE run_id = ?').run(Date.now(), runId), 2000);
    process.stdout.write('leased\\n');
  `;
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const child = spawn(process.execPath, ['-e', script, join(dataDir, DATABASE_FILE), runId], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await Promise.race([once(child.stdout!, 'data'), once(child, 'exit').then(() => [Buffer.from('exited')])])) as [Buffer];
  if (chunk.toString().trim() !== 'leased') throw new Error(`The writing process did not take the lease: ${chunk.toString()}`);
  return child;
}

describe('a run another process writes', () => {
  it('is refused with the run and its writer named until that process is gone, then grades', { timeout: 30_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'while-grading-'));
    const context = createAppContext({ dataDir, mode: 'browser' });
    contexts.push(context);
    storeCraftedRun(context.db, 'run_elsewhere', 4);
    context.db.prepare("UPDATE runs SET status = 'running' WHERE id = ?").run('run_elsewhere');
    const writer = await leaseFromAnotherProcess(dataDir, 'run_elsewhere');
    try {
      expect(await dispatch(context, 'grades.run', { run_id: 'run_elsewhere' })).toMatchObject({
        ok: false,
        error: {
          code: 'CONFLICT',
          message: expect.stringMatching(
            new RegExp(
              `^Run run_elsewhere is still being written by another process \\(wai simulate, pid ${writer.pid} on this machine, last ` +
                `heartbeat \\d+ s ago\\): grade it when that process ends, or stop it first\\.$`,
            ),
          ),
        },
      });
      expect(() => planGrading(context, GradesRunInput.parse({ run_id: 'run_elsewhere' }))).toThrow('another process (wai simulate');
      expect(context.gradeJobs.list('run_elsewhere')).toEqual([]);
      expect(context.db.prepare('SELECT COUNT(*) AS n FROM grades').get()).toEqual({ n: 0 });
    } finally {
      writer.kill('SIGKILL');
      if (writer.exitCode === null && writer.signalCode === null) await once(writer, 'exit');
    }
    // Its writer gone from this machine, the lease no longer stands: the rows stored are graded.
    expect(await grade(context, { run_id: 'run_elsewhere' })).toMatchObject({ status: 'completed', done: 4 });
  });
});
