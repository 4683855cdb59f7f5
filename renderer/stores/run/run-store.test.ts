import { describe, expect, it } from 'vitest';
import type { RunProgress } from '../../../shared/api';
import { fakeClient, ok } from './__fixtures__/fake-client';
import { batch, detailOf, storedRun } from './__fixtures__/run-detail';
import { coverageSeries, selectCanCancel, selectCanResume, selectProgress, shareSeries } from './selectors';
import { createRunStore } from './store';

function progress(overrides: Partial<RunProgress> = {}): RunProgress {
  return { run_id: 'run_a', status: 'running', rows_done: 10, budget: 100, rows_per_second: 20, seconds_left: 5, lost: 0, batch: null, ...overrides };
}

describe('run store', () => {
  it('opens a run, subscribes to its events once, and shows progress as it arrives', async () => {
    const client = fakeClient({ 'runs.get': () => ok(detailOf(storedRun({ rows_done: 4 }), [batch(0, 40)])) });
    const store = createRunStore(() => client);
    await store.getState().open('run_a');
    await store.getState().open('run_a');
    expect(client.listenerCount('run-progress')).toBe(1);
    expect(client.listenerCount('run-end')).toBe(1);
    expect(selectProgress(store.getState())).toMatchObject({ rows_done: 4, budget: 100, rows_per_second: null });

    client.emit('run-progress', progress({ rows_done: 30, batch: batch(1, 90, { structured: 0.5, failure_mutation: 0.5 }) }));
    const state = store.getState();
    expect(selectProgress(state)).toMatchObject({ rows_done: 30, fraction: 0.3, rows_per_second: 20, seconds_left: 5, lost: 0 });
    expect(coverageSeries(state.detail!.batches)).toEqual([
      { batch: 0, covered: 40, planned: 400 },
      { batch: 1, covered: 90, planned: 400 },
    ]);
    expect(shareSeries(state.detail!.batches)[1]!.shares).toMatchObject({ structured: 0.5, failure_mutation: 0.5, open_ended: 0 });
    expect(state.detail!.run.pairwise?.pairs_covered).toBe(90);
  });

  it('ignores progress of other runs and applies events that land while the run is loading', async () => {
    let release: () => void = () => undefined;
    const client = fakeClient({
      'runs.get': () => new Promise((resolve) => (release = () => resolve(ok(detailOf(storedRun({ rows_done: 2 })))))),
    });
    const store = createRunStore(() => client);
    const opening = store.getState().open('run_a');
    client.emit('run-progress', progress({ rows_done: 12, batch: batch(0, 50) }));
    client.emit('run-progress', progress({ run_id: 'run_other', rows_done: 99 }));
    release();
    await opening;
    expect(store.getState().detail!.run.rows_done).toBe(12);
    expect(store.getState().detail!.batches).toHaveLength(1);
  });

  it('cancels while running, then reads the final state when the run ends', async () => {
    let status: 'running' | 'cancelled' = 'running';
    const client = fakeClient({
      'runs.get': () => ok({ ...detailOf(storedRun({ status, rows_done: status === 'running' ? 10 : 37, stopped_because: status === 'running' ? null : 'cancelled' })) }),
      'runs.cancel': () => ok(storedRun({ status: 'running', rows_done: 30 })),
    });
    const store = createRunStore(() => client);
    await store.getState().open('run_a');
    expect(selectCanCancel(store.getState())).toBe(true);
    await store.getState().cancel();
    expect(store.getState().actionStatus).toBe('cancelling');
    status = 'cancelled';
    client.emit('run-end', { run_id: 'run_a', status: 'cancelled', stopped_because: 'cancelled' });
    expect(store.getState().detail!.run.status).toBe('cancelled');
    await store.getState().reload();
    expect(store.getState()).toMatchObject({ actionStatus: 'idle', detail: { run: { rows_done: 37, stopped_because: 'cancelled' } } });
    expect(selectCanResume(store.getState())).toBe(true);
    expect(selectCanCancel(store.getState())).toBe(false);
  });

  it('resumes a cancelled run and shows it queued until rows move', async () => {
    const client = fakeClient({
      'runs.get': () => ok(detailOf(storedRun({ status: 'cancelled', rows_done: 37 }))),
      'runs.resume': () => ok(storedRun({ status: 'cancelled', rows_done: 37 })),
    });
    const store = createRunStore(() => client);
    await store.getState().open('run_a');
    await store.getState().resume();
    expect(client.callsOf('runs.resume')).toEqual([{ run_id: 'run_a' }]);
    expect(store.getState().detail!.run.status).toBe('queued');
    client.emit('run-progress', progress({ rows_done: 40 }));
    expect(store.getState().detail!.run).toMatchObject({ status: 'running', rows_done: 40 });
  });

  it('keeps the message when an action is refused', async () => {
    const client = fakeClient({
      'runs.get': () => ok(detailOf(storedRun({ status: 'failed' }))),
      'runs.resume': () => ({ ok: false, error: { code: 'CONFLICT', message: 'Run run_a is already running.' } }),
    });
    const store = createRunStore(() => client);
    await store.getState().open('run_a');
    await store.getState().resume();
    expect(store.getState()).toMatchObject({ actionStatus: 'idle', actionError: 'Run run_a is already running.' });
  });

  it('shows a missing run as an error a person can read', async () => {
    const client = fakeClient({ 'runs.get': () => ({ ok: false, error: { code: 'NOT_FOUND', message: 'There is no run run_x.' } }) });
    const store = createRunStore(() => client);
    await store.getState().open('run_x');
    expect(store.getState()).toMatchObject({ status: 'error', error: 'There is no run run_x.' });
  });
});
