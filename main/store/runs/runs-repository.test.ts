import { describe, expect, it } from 'vitest';
import { RunConfig } from '../../../shared/domain';
import { openDatabase } from '../database';
import { insertRow } from '../rows/rows-repository';
import { bumpRowsDone, getRun, insertRun, listRuns, runsChangeTokens, updateRun } from './runs-repository';
import { sampleRow } from '../__fixtures__/sample-row';

const config = RunConfig.parse({ source: { kind: 'describe', sentence: 'a support agent that never invents order numbers' } });

describe('runs repository', () => {
  it('stores a run and reads it back through the domain schema', () => {
    const db = openDatabase(':memory:');
    const run = insertRun(db, { id: 'r1', name: 'first', status: 'queued', config, now: '2026-01-01T00:00:00.000Z' });
    expect(run).toMatchObject({ id: 'r1', status: 'queued', rows_done: 0, degraded: [], pairwise: null });
    expect(run.config.budget).toBe(1000);
    updateRun(
      db,
      'r1',
      {
        status: 'completed',
        rows_done: 2,
        degraded: ['generator_fallback'],
        pairwise: { pairs_planned: 10, pairs_covered: 4, fraction: 0.4 },
      },
      '2026-01-01T00:01:00.000Z',
    );
    expect(getRun(db, 'r1')).toMatchObject({
      status: 'completed',
      rows_done: 2,
      degraded: ['generator_fallback'],
      updated_at: '2026-01-01T00:01:00.000Z',
    });
  });

  it("lists newest first with pass counts from each row's latest grade", () => {
    const db = openDatabase(':memory:');
    insertRun(db, { id: 'old', name: 'old', status: 'completed', config, now: '2026-01-01T00:00:00.000Z' });
    insertRun(db, { id: 'new', name: 'new', status: 'completed', config, now: '2026-02-01T00:00:00.000Z' });
    for (const ordinal of [0, 1, 2])
      insertRow(db, sampleRow(ordinal), { run_id: 'new', duration_ms: 5, created_at: '2026-02-01T00:00:00.000Z' });
    const grade = db.prepare(
      `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, provenance, created_at)
       VALUES (?, 'new', ?, 'r', 'ok', 'conduct', 'conduct', '{}', 't')`,
    );
    grade.run('new:0', 0);
    grade.run('new:0', 1); // a later grade replaces the earlier one
    grade.run('new:1', 0);
    const { runs, total } = listRuns(db, 10, 0);
    expect(total).toBe(2);
    expect(runs.map((run) => run.id)).toEqual(['new', 'old']);
    expect(runs[0]).toMatchObject({ n_graded: 2, n_pass: 1 });
    expect(runs[1]).toMatchObject({ n_graded: 0, n_pass: 0 });
    // A row a person marks simulator_error leaves the pass rate, as it leaves every score; their later label restores it.
    const label = db.prepare(
      `INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at) VALUES (?, 'new', ?, 'human', ?, NULL, 't')`,
    );
    label.run('new:1', 'simulator_error', 'ada');
    label.run('new:1', 'simulator_error', 'bo');
    expect(listRuns(db, 10, 0).runs[0]).toMatchObject({ n_graded: 1, n_pass: 1 });
    label.run('new:0', 'simulator_error', 'ada');
    expect(listRuns(db, 10, 0).runs[0]).toMatchObject({ n_graded: 0, n_pass: 0 });
    label.run('new:0', 'pass', 'ada');
    label.run('new:1', 'fail', 'ada');
    expect(listRuns(db, 10, 0).runs[0]).toMatchObject({ n_graded: 1, n_pass: 1 });
    label.run('new:1', 'fail', 'bo');
    expect(listRuns(db, 10, 0).runs[0]).toMatchObject({ n_graded: 2, n_pass: 1 });
  });

  it("deletes a run's rows with it", () => {
    const db = openDatabase(':memory:');
    insertRun(db, { id: 'r', name: 'r', status: 'completed', config, now: 't' });
    insertRow(db, sampleRow(0), { run_id: 'r', duration_ms: 1, created_at: 't' });
    db.prepare('DELETE FROM runs WHERE id = ?').run('r');
    expect(db.prepare('SELECT COUNT(*) AS n FROM rows').get()).toEqual({ n: 0 });
  });

  it('moves its change token when any run is added, written, resumed, finished or removed, or a grade lands', () => {
    const db = openDatabase(':memory:');
    const empty = runsChangeTokens(db).changes;
    insertRun(db, { id: 'old', name: 'old', status: 'cancelled', config, now: '2026-01-01T00:00:00.000Z' });
    insertRun(db, { id: 'new', name: 'new', status: 'completed', config, now: '2026-02-01T00:00:00.000Z' });
    const seen = new Set([empty, runsChangeTokens(db).changes]);
    expect(seen.size).toBe(2);
    const moves = (write: () => void) => {
      write();
      const token = runsChangeTokens(db).changes;
      expect(seen.has(token)).toBe(false);
      seen.add(token);
    };
    // Another process resumes the older run, stores a row, then finishes it: the newest run stays the same.
    moves(() => updateRun(db, 'old', { status: 'running' }, '2026-03-01T00:00:00.000Z'));
    moves(() => bumpRowsDone(db, 'old', '2026-03-01T00:00:01.000Z'));
    // The end lands in the same millisecond as the last row: the status still moves the token.
    moves(() => updateRun(db, 'old', { status: 'completed', stopped_because: 'budget' }, '2026-03-01T00:00:01.000Z'));
    insertRow(db, sampleRow(0), { run_id: 'new', duration_ms: 5, created_at: 't' });
    moves(() =>
      db
        .prepare(
          `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, provenance, created_at) VALUES ` +
            `('new:0', 'new', 1, 'r', 'ok', 'conduct', 'conduct', '{}', 't')`,
        )
        .run(),
    );
    moves(() => db.prepare('DELETE FROM runs WHERE id = ?').run('old'));
    // Reading moves nothing.
    listRuns(db, 10, 0);
    expect(runsChangeTokens(db).changes).toBe([...seen].at(-1));
  });

  it('moves its listed token when a run is added, removed or changes status, and not with its rows or grades', () => {
    const db = openDatabase(':memory:');
    insertRun(db, { id: 'mine', name: 'mine', status: 'running', config, now: '2026-01-01T00:00:00.000Z' });
    const listed = () => runsChangeTokens(db).listed;
    const first = listed();
    bumpRowsDone(db, 'mine', '2026-01-01T00:00:01.000Z');
    insertRow(db, sampleRow(0), { run_id: 'mine', duration_ms: 5, created_at: 't' });
    db.prepare(
      `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, provenance, created_at)
       VALUES ('mine:0', 'mine', 1, 'r', 'ok', 'judge', 'j', '{}', 't')`,
    ).run();
    expect(listed()).toBe(first);
    // Another process starts a run while this one stores rows.
    insertRun(db, { id: 'other', name: 'other', status: 'queued', config, now: '2026-01-01T00:00:02.000Z' });
    const added = listed();
    expect(added).not.toBe(first);
    updateRun(db, 'other', { status: 'running' }, '2026-01-01T00:00:03.000Z');
    expect(listed()).not.toBe(added);
  });

  it('reads its change token cheaply at 1,000 runs with large summaries', () => {
    const db = openDatabase(':memory:');
    const summary = JSON.stringify({ padding: 'x'.repeat(20_000) });
    const insert = db.prepare(
      `INSERT INTO runs (id, name, created_at, updated_at, status, config, summary, batches) VALUES (?, ?, ?, ?, 'completed', ?, ?, ?)`,
    );
    db.transaction(() => {
      for (let index = 0; index < 1_000; index++) {
        const at = new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString();
        insert.run(`run_${index}`, `run ${index}`, at, at, JSON.stringify(config), summary, summary);
      }
    })();
    runsChangeTokens(db);
    const started = performance.now();
    for (let read = 0; read < 20; read++) runsChangeTokens(db);
    const perRead = (performance.now() - started) / 20;
    process.stdout.write(`runs.changes at 1,000 runs: ${perRead.toFixed(3)} ms a read\n`);
    expect(perRead).toBeLessThan(5);
  });
});
