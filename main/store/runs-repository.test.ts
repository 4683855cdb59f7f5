import { describe, expect, it } from 'vitest';
import { RunConfig } from '../../shared/domain';
import { openDatabase } from './database';
import { insertRow } from './rows-repository';
import { getRun, insertRun, listRuns, updateRun } from './runs-repository';
import { sampleRow } from './__fixtures__/sample-row';

const config = RunConfig.parse({ source: { kind: 'describe', sentence: 'a support agent that never invents order numbers' } });

describe('runs repository', () => {
  it('stores a run and reads it back through the domain schema', () => {
    const db = openDatabase(':memory:');
    const run = insertRun(db, { id: 'r1', name: 'first', status: 'queued', config, now: '2026-01-01T00:00:00.000Z' });
    expect(run).toMatchObject({ id: 'r1', status: 'queued', rows_done: 0, degraded: [], pairwise: null });
    expect(run.config.budget).toBe(1000);
    updateRun(db, 'r1', { status: 'completed', rows_done: 2, degraded: ['generator_fallback'], pairwise: { pairs_planned: 10, pairs_covered: 4, fraction: 0.4 } }, '2026-01-01T00:01:00.000Z');
    expect(getRun(db, 'r1')).toMatchObject({ status: 'completed', rows_done: 2, degraded: ['generator_fallback'], updated_at: '2026-01-01T00:01:00.000Z' });
  });

  it('lists newest first with pass counts from each row\'s latest grade', () => {
    const db = openDatabase(':memory:');
    insertRun(db, { id: 'old', name: 'old', status: 'completed', config, now: '2026-01-01T00:00:00.000Z' });
    insertRun(db, { id: 'new', name: 'new', status: 'completed', config, now: '2026-02-01T00:00:00.000Z' });
    for (const ordinal of [0, 1, 2]) insertRow(db, sampleRow(ordinal), { run_id: 'new', duration_ms: 5, created_at: '2026-02-01T00:00:00.000Z' });
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
  });

  it('deletes a run\'s rows with it', () => {
    const db = openDatabase(':memory:');
    insertRun(db, { id: 'r', name: 'r', status: 'completed', config, now: 't' });
    insertRow(db, sampleRow(0), { run_id: 'r', duration_ms: 1, created_at: 't' });
    db.prepare('DELETE FROM runs WHERE id = ?').run('r');
    expect(db.prepare('SELECT COUNT(*) AS n FROM rows').get()).toEqual({ n: 0 });
  });
});
