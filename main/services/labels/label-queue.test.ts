import { describe, expect, it } from 'vitest';
import type { MethodOutput } from '../../../shared/api';
import { RunConfig } from '../../../shared/domain';
import { dispatch } from '../../api/dispatch';
import { GRADING_JUDGES_SQL } from '../../store/grades/judge-totals-repository';
import { insertRow, storedRowId } from '../../store/rows/rows-repository';
import { insertRun } from '../../store/runs/runs-repository';
import { insertSpec } from '../../store/runs/specs-repository';
import { sampleRow } from '../../store/__fixtures__/sample-row';
import { callMethod as call, serviceTestContexts } from '../../test-support/service-test-context';
import type { AppContext } from '../app/app-context';
import { COVERAGE_SPEC } from '../../test-support/coverage-run';
import { storeCraftedRun, storeJudgeGrades } from '../../test-support/grading-run';

const newContext = serviceTestContexts('while-queue-');

const ordinals = (output: MethodOutput<'labels.queue'>) => output.items.map((item) => item.ordinal);

/** A run whose rows sit in uneven coverage cells: `stances[i]` is row i's stance (every other axis is shared). */
function storeCellsRun(app: AppContext, runId: string, stances: readonly string[]): string[] {
  const now = '2026-11-01T00:00:00.000Z';
  insertSpec(app.db, `spec_${runId}`, COVERAGE_SPEC, now);
  insertRun(app.db, {
    id: runId,
    name: runId,
    status: 'completed',
    config: RunConfig.parse({ source: { kind: 'spec', spec: COVERAGE_SPEC } }),
    now,
    spec_id: `spec_${runId}`,
  });
  return stances.map((stance, ordinal) => {
    const base = sampleRow(ordinal);
    const row = sampleRow(ordinal, { situation: { ...base.situation, dimensions: { ...base.situation.dimensions, stance } } });
    insertRow(app.db, row, { run_id: runId, duration_ms: 5, created_at: now });
    return storedRowId(runId, ordinal);
  });
}

describe('the labeling queue', () => {
  it('lists every row as generated, with the annotator’s own labels and where their first unlabelled row is', async () => {
    const app = newContext();
    const ids = storeCraftedRun(app.db, 'run_q', 6);
    await call(app, 'labels.annotator.set', { name: 'Ann' });
    await call(app, 'labels.set', { row_id: ids[0]!, label: 'pass' });
    await call(app, 'labels.set', { row_id: ids[1]!, label: 'skip' });
    await call(app, 'labels.set', { row_id: ids[0]!, label: 'fail' });
    await call(app, 'labels.annotator.set', { name: 'Bo' });
    await call(app, 'labels.set', { row_id: ids[2]!, label: 'pass' });
    await call(app, 'labels.annotator.set', { name: 'Ann' });

    const queue = await call(app, 'labels.queue', { run_id: 'run_q' });
    expect(queue).toMatchObject({ order: 'generated', judge_key: null, annotator: 'Ann', total: 6, first_unlabelled: 2, offset: 0 });
    expect(queue.items.map((item) => [item.position, item.ordinal, item.label, item.judge])).toEqual([
      [0, 0, 'fail', 'ungraded'],
      [1, 1, 'skip', 'ungraded'],
      [2, 2, null, 'ungraded'],
      [3, 3, null, 'ungraded'],
      [4, 4, null, 'ungraded'],
      [5, 5, null, 'ungraded'],
    ]);
    expect(queue.counts).toMatchObject({
      labelled: 2,
      by_label: { pass: 0, fail: 1, skip: 1, unsure: 0, simulator_error: 0 },
      gold: 2,
      cells: 3,
    });

    const page = await call(app, 'labels.queue', { run_id: 'run_q', offset: 4, limit: 5 });
    expect(page.items.map((item) => item.position)).toEqual([4, 5]);
  });

  it('puts the judge’s disagreements with gold first, and keeps a snapshot’s order while labels land', async () => {
    const app = newContext();
    const ids = storeCraftedRun(app.db, 'run_d', 6);
    storeJudgeGrades(app.db, ids, 'line-judge', 'v1', [1, 0, 1, 0, 1, null]);
    await call(app, 'labels.annotator.set', { name: 'Ann' });
    await call(app, 'labels.set', { row_id: ids[0]!, label: 'pass' }); // agrees
    await call(app, 'labels.set', { row_id: ids[3]!, label: 'pass' }); // judge fail, gold pass
    await call(app, 'labels.set', { row_id: ids[4]!, label: 'fail' }); // judge pass, gold fail
    await call(app, 'labels.set', { row_id: ids[5]!, label: 'fail' }); // unjudged: no disagreement

    const first = await call(app, 'labels.queue', { run_id: 'run_d', order: 'disagreements', limit: 3 });
    expect(first.judge_key).toBe('line-judge@v1');
    expect(ordinals(first)).toEqual([3, 4, 0]);
    expect(first.items.map((item) => item.judge)).toEqual(['fail', 'pass', 'pass']);
    expect(first.counts).toMatchObject({ disagreements: 2, gold: 4 });
    expect((await call(app, 'agreement.get', { run_id: 'run_d' })).disagreements.map((entry) => entry.row_id)).toEqual([ids[3], ids[4]]);

    await call(app, 'labels.set', { row_id: ids[1]!, label: 'pass' }); // a new disagreement after the snapshot
    const rest = await call(app, 'labels.queue', { run_id: 'run_d', order: 'disagreements', snapshot: first.snapshot, offset: 3 });
    expect(ordinals(rest)).toEqual([1, 2, 5]);
    expect(rest.items[0]!.label).toBe('pass');
    const fresh = await call(app, 'labels.queue', { run_id: 'run_d', order: 'disagreements' });
    expect(ordinals(fresh)).toEqual([1, 3, 4, 0, 2, 5]);
  });

  it('reads later pages of a snapshot without counting the queue again, naming the judge by the first page’s key', async () => {
    const app = newContext();
    const ids = storeCraftedRun(app.db, 'run_p', 6);
    storeJudgeGrades(app.db, ids, 'line-judge', 'v1', [1, 0, 1, 0, 1, 1]);
    await call(app, 'labels.annotator.set', { name: 'Ann' });
    await call(app, 'labels.set', { row_id: ids[3]!, label: 'pass' });
    const first = await call(app, 'labels.queue', { run_id: 'run_p', order: 'disagreements', limit: 2 });
    expect(first.counts).toMatchObject({ labelled: 1, disagreements: 1 });
    const input = { run_id: 'run_p', order: 'disagreements' as const, snapshot: first.snapshot, judge: first.judge_key!, offset: 2 };
    const later = await call(app, 'labels.queue', { ...input, summary: false });
    const counted = await call(app, 'labels.queue', input);
    expect(later).toMatchObject({ judge_key: 'line-judge@v1', total: 6, counts: null, first_unlabelled: null });
    expect(later.items).toEqual(counted.items);
    expect(ordinals(later)).toEqual([1, 2, 4, 5]);
    expect(await dispatch(app, 'labels.queue', { ...input, judge: 'nobody@v9', summary: false })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    const plan = (app.db.prepare(`EXPLAIN QUERY PLAN ${GRADING_JUDGES_SQL}`).all({ run_id: 'run_p' }) as { detail: string }[])
      .map((step) => step.detail)
      .join(' | ');
    expect(plan).toContain('USING COVERING INDEX grades_latest (run_id=?)');
    expect(plan).toContain('USING COVERING INDEX grades_latest (run_id=? AND judge_name>?)');
  });

  it('puts the judge’s unsure rows first, then the ones it could not judge, then rewards nearest even', async () => {
    const app = newContext();
    const ids = storeCraftedRun(app.db, 'run_u', 7);
    storeJudgeGrades(app.db, ids.slice(0, 6), 'decider', 'v2', [1, 0.45, 0, null, 0.8, 0.5], [false, true, false, false, false, true]);
    const queue = await call(app, 'labels.queue', { run_id: 'run_u', order: 'unsure' });
    expect(ordinals(queue)).toEqual([5, 1, 3, 4, 0, 2, 6]);
    expect(queue.counts?.unsure).toBe(2);
    expect(queue.items.map((item) => item.judge)).toEqual(['unsure', 'unsure', 'error', 'pass', 'pass', 'fail', 'ungraded']);
  });

  it('goes round the coverage cells so gold covers the grid, and hides the judge in blind mode', async () => {
    const app = newContext();
    const ids = storeCellsRun(app, 'run_s', ['ordinary', 'ordinary', 'ordinary', 'ordinary', 'hurried', 'hurried', 'adversarial']);
    storeJudgeGrades(app.db, ids, 'line-judge', 'v1', [1, 1, 1, 1, 0, 0, 1]);
    const queue = await call(app, 'labels.queue', { run_id: 'run_s', order: 'stratified', blind: true });
    expect(ordinals(queue)).toEqual([0, 4, 6, 1, 5, 2, 3]);
    expect(queue.counts?.cells).toBe(3);
    expect(queue.items.every((item) => item.judge === null)).toBe(true);
  });

  it('treats unsigned labels as the annotator’s own while no name is set, and refuses an unknown run or judge', async () => {
    const app = newContext();
    const ids = storeCraftedRun(app.db, 'run_n', 3);
    await call(app, 'labels.set', { row_id: ids[0]!, label: 'unsure' });
    const queue = await call(app, 'labels.queue', { run_id: 'run_n' });
    expect(queue).toMatchObject({ annotator: null, first_unlabelled: 1, counts: { labelled: 1, gold: 0 } });
    expect(await dispatch(app, 'labels.queue', { run_id: 'run_none' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await dispatch(app, 'labels.queue', { run_id: 'run_n', judge: 'nobody' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await dispatch(app, 'labels.queue', { run_id: 'run_n', order: 'random' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    });
  });
});
