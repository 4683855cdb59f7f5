import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { LabelQueueOrder } from '../../../shared/api/labels';
import { insertRow } from '../../store/rows/rows-repository';
import { forgetStoreMemo } from '../../store/store-memo';
import { sampleRow } from '../../store/__fixtures__/sample-row';
import { callMethod as call, serviceTestContexts } from '../../test-support/service-test-context';
import { storeCraftedRun, storeJudgeGrades } from '../../test-support/grading-run';

const newContext = serviceTestContexts('while-queue-memo-');
const ORDERS: LabelQueueOrder[] = ['generated', 'disagreements', 'unsure', 'stratified'];

describe('the queue’s first page, kept until the store changes', () => {
  it('gives every order the same page and counts as reading the store afresh', async () => {
    const app = newContext();
    const ids = storeCraftedRun(app.db, 'run_k', 8);
    storeJudgeGrades(app.db, ids, 'line-judge', 'v1', [1, 0, 0.5, null, 0.45, 1, 0, 1], [false, false, true, false, true]);
    await call(app, 'labels.annotator.set', { name: 'Ann' });
    for (const [index, label] of [
      [0, 'fail'],
      [1, 'pass'],
      [2, 'pass'],
      [6, 'simulator_error'],
    ] as const)
      await call(app, 'labels.set', { row_id: ids[index]!, label });
    for (const order of ORDERS) {
      const kept = [
        await call(app, 'labels.queue', { run_id: 'run_k', order, limit: 3 }),
        await call(app, 'labels.queue', { run_id: 'run_k', order, limit: 3 }),
      ];
      const keptBlind = await call(app, 'labels.queue', { run_id: 'run_k', order, limit: 3, blind: true });
      forgetStoreMemo(app.db);
      const fresh = await call(app, 'labels.queue', { run_id: 'run_k', order, limit: 3 });
      expect(kept).toEqual([fresh, fresh]);
      forgetStoreMemo(app.db);
      expect(keptBlind).toEqual(await call(app, 'labels.queue', { run_id: 'run_k', order, limit: 3, blind: true }));
      expect(keptBlind.items.map((item) => item.judge)).toEqual([null, null, null]);
      expect(fresh.items.some((item) => item.judge !== 'ungraded')).toBe(true);
    }
  });

  it('shows a label stored right after a first page in the next one: its row, counts and first unlabelled row', async () => {
    const app = newContext();
    const ids = storeCraftedRun(app.db, 'run_l', 4);
    storeJudgeGrades(app.db, ids, 'line-judge', 'v1', [1, 0, 1, 0]);
    await call(app, 'labels.annotator.set', { name: 'Ann' });
    const before = await call(app, 'labels.queue', { run_id: 'run_l', order: 'disagreements', limit: 1 });
    expect(before).toMatchObject({ first_unlabelled: 0, counts: { labelled: 0, gold: 0, disagreements: 0 } });
    await call(app, 'labels.set', { row_id: ids[0]!, label: 'fail' }); // the judge passed it: a disagreement
    const after = await call(app, 'labels.queue', { run_id: 'run_l', order: 'disagreements', limit: 1 });
    expect(after.snapshot.label_id).toBeGreaterThan(before.snapshot.label_id);
    expect(after.items).toEqual([{ row_id: ids[0], ordinal: 0, position: 0, label: 'fail', judge: 'pass' }]);
    expect(after).toMatchObject({ first_unlabelled: 1, counts: { labelled: 1, gold: 1, disagreements: 1, by_label: { fail: 1 } } });
  });

  it('shows a grade stored right after a first page in the next one, by this process or by a worker’s connection', async () => {
    const app = newContext();
    const ids = storeCraftedRun(app.db, 'run_g', 3);
    storeJudgeGrades(app.db, ids, 'line-judge', 'v1', [1, 1, 1]);
    const before = await call(app, 'labels.queue', { run_id: 'run_g', order: 'unsure' });
    expect(before).toMatchObject({ judge_key: 'line-judge@v1', counts: { unsure: 0 } });
    storeJudgeGrades(app.db, ids.slice(1, 2), 'line-judge', 'v1', [0.5], [true]);
    const regraded = await call(app, 'labels.queue', { run_id: 'run_g', order: 'unsure' });
    expect(regraded.items.map((item) => [item.ordinal, item.judge])).toEqual([
      [1, 'unsure'],
      [0, 'pass'],
      [2, 'pass'],
    ]);
    expect(regraded.counts?.unsure).toBe(1);

    // A grading worker writes through its own connection: a new judge grades last and becomes the queue's judge.
    const worker = new Database(app.databasePath);
    try {
      storeJudgeGrades(worker, ids, 'rubric-judge', 'v2', [0, 0, null]);
    } finally {
      worker.close();
    }
    const judged = await call(app, 'labels.queue', { run_id: 'run_g', order: 'unsure' });
    expect(judged.judge_key).toBe('rubric-judge@v2');
    expect(judged.items.map((item) => item.judge)).toEqual(['error', 'fail', 'fail']);
    expect(judged.counts?.unsure).toBe(0);
  });

  it('counts a row stored after a first page (a run still writing)', async () => {
    const app = newContext();
    storeCraftedRun(app.db, 'run_r', 2);
    expect((await call(app, 'labels.queue', { run_id: 'run_r', order: 'stratified' })).total).toBe(2);
    insertRow(app.db, sampleRow(2, { rollout_id: 'run_r-ro-2' }), {
      run_id: 'run_r',
      duration_ms: 5,
      created_at: '2026-11-01T00:00:00.000Z',
    });
    const after = await call(app, 'labels.queue', { run_id: 'run_r', order: 'stratified' });
    expect(after.total).toBe(3);
    expect(after.items.map((item) => item.ordinal)).toContain(2);
  });
});
