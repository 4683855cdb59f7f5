import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscribeStores } from '../../api/subscriptions';
import type { RunProgress, RunWatch, RunWriter } from '../../../shared/api';
import { fakeClient, ok } from '../../api/__fixtures__/fake-client';
import { batch, detailOf, storedRun } from './__fixtures__/run-detail';
import { WATCH_INTERVAL_MS } from './actions';
import {
  coverageSeries,
  selectCancelBlockedBy,
  selectCanCancel,
  selectCanResume,
  selectProgress,
  selectWriterElsewhere,
  shareSeries,
  writerLine,
} from './selectors';
import { createRunStore } from './store';

function progress(overrides: Partial<RunProgress> = {}): RunProgress {
  return {
    run_id: 'run_a',
    status: 'running',
    rows_done: 10,
    budget: 100,
    rows_per_second: 20,
    seconds_left: 5,
    lost: 0,
    batch: null,
    ...overrides,
  };
}

describe('run store', () => {
  it('opens a run, subscribes to its events once, and shows progress as it arrives', async () => {
    const client = fakeClient({ 'runs.get': () => ok(detailOf(storedRun({ rows_done: 4 }), [batch(0, 40)])) });
    const store = createRunStore(() => client);
    subscribeStores(client, { run: store });
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
    subscribeStores(client, { run: store });
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
      'runs.get': () =>
        ok({
          ...detailOf(
            storedRun({ status, rows_done: status === 'running' ? 10 : 37, stopped_because: status === 'running' ? null : 'cancelled' }),
          ),
        }),
      'runs.cancel': () => ok(storedRun({ status: 'running', rows_done: 30 })),
    });
    const store = createRunStore(() => client);
    subscribeStores(client, { run: store });
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
    subscribeStores(client, { run: store });
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
    subscribeStores(client, { run: store });
    await store.getState().open('run_a');
    await store.getState().resume();
    expect(store.getState()).toMatchObject({ actionStatus: 'idle', actionError: 'Run run_a is already running.' });
  });

  it('shows a missing run as an error a person can read', async () => {
    const client = fakeClient({ 'runs.get': () => ({ ok: false, error: { code: 'NOT_FOUND', message: 'There is no run run_x.' } }) });
    const store = createRunStore(() => client);
    subscribeStores(client, { run: store });
    await store.getState().open('run_x');
    expect(store.getState()).toMatchObject({ status: 'error', error: 'There is no run run_x.' });
  });
});

const CLI: RunWriter = {
  where: 'elsewhere',
  program: 'wai simulate',
  pid: 4321,
  host: 'laptop',
  this_machine: true,
  state: 'live',
  heartbeat_seconds_ago: 1,
};

function watched(rowsDone: number, overrides: Partial<RunWatch> = {}): RunWatch {
  return {
    ...detailOf(storedRun({ rows_done: rowsDone })),
    writer: CLI,
    pace: { rows_counted: rowsDone, rows_per_second: 8, seconds_left: Math.round((100 - rowsDone) / 8) },
    ...overrides,
  };
}

/** Lets the store's pending calls settle, then moves the clock on by `ms`. */
async function tick(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('run store: a run another process writes', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads it about once a second while open: rows, rate and time left grow, the writer is named, the end shows unasked', async () => {
    vi.useFakeTimers();
    const answers = [watched(10), watched(26), watched(42)];
    const ended: RunWatch = {
      ...detailOf(storedRun({ status: 'completed', rows_done: 100, stopped_because: 'budget' })),
      writer: null,
      pace: null,
    };
    const client = fakeClient({
      'runs.get': () => ok(detailOf(storedRun({ rows_done: 4 }))),
      'runs.watch': () => ok(answers.shift() ?? ended),
    });
    const store = createRunStore(() => client);
    subscribeStores(client, { run: store });
    await store.getState().open('run_a');
    await tick(0);
    expect(selectWriterElsewhere(store.getState())).toEqual(CLI);
    expect(selectProgress(store.getState())).toMatchObject({ rows_done: 10, rows_per_second: 8, seconds_left: 11, lost: null });
    expect(writerLine(CLI)).toBe(
      'Written by another process (wai simulate, pid 4321 on this machine); cancel it there. Its rows show here as they are stored.',
    );
    expect(selectCancelBlockedBy(store.getState())).toBe('Another process writes this run; cancel it there.');
    expect(selectCanResume(store.getState())).toBe(false);

    await tick(WATCH_INTERVAL_MS);
    expect(store.getState().detail!.run.rows_done).toBe(26);
    await tick(WATCH_INTERVAL_MS);
    expect(store.getState().detail!.run.rows_done).toBe(42);
    await tick(WATCH_INTERVAL_MS);
    expect(store.getState().detail!.run).toMatchObject({ status: 'completed', rows_done: 100, stopped_because: 'budget' });
    expect(selectWriterElsewhere(store.getState())).toBeNull();
    expect(selectCancelBlockedBy(store.getState())).toBeNull();
    expect(selectProgress(store.getState())).toMatchObject({ rows_per_second: null, seconds_left: null });

    // Over: no more reads.
    await tick(WATCH_INTERVAL_MS * 5);
    expect(client.callsOf('runs.watch')).toHaveLength(4);
    expect(client.callsOf('runs.get')).toHaveLength(1);
  });

  it('stops reading when the view is left, and reads nothing for a run this app writes (its events bring progress)', async () => {
    vi.useFakeTimers();
    const client = fakeClient({ 'runs.get': () => ok(detailOf(storedRun({ rows_done: 4 }))), 'runs.watch': () => ok(watched(10)) });
    const store = createRunStore(() => client);
    subscribeStores(client, { run: store });
    await store.getState().open('run_a');
    await tick(WATCH_INTERVAL_MS * 2);
    expect(client.callsOf('runs.watch')).toHaveLength(3);
    store.getState().leave();
    await tick(WATCH_INTERVAL_MS * 5);
    expect(client.callsOf('runs.watch')).toHaveLength(3);

    const own = fakeClient({
      'runs.get': () => ok(detailOf(storedRun({ rows_done: 4 }))),
      'runs.watch': () => ok(watched(4, { writer: { ...CLI, where: 'this_app', pid: 99 } })),
    });
    const ownStore = createRunStore(() => own);
    subscribeStores(own, { run: ownStore });
    await ownStore.getState().open('run_a');
    await tick(WATCH_INTERVAL_MS * 5);
    expect(own.callsOf('runs.watch')).toHaveLength(1);
    expect(selectWriterElsewhere(ownStore.getState())).toBeNull();
    expect(selectCanCancel(ownStore.getState())).toBe(true);
    expect(selectCancelBlockedBy(ownStore.getState())).toBeNull();
  });

  it('never reads a finished run again, and keeps trying after a failed read', async () => {
    vi.useFakeTimers();
    const done = fakeClient({ 'runs.get': () => ok(detailOf(storedRun({ status: 'completed', rows_done: 100 }))) });
    const doneStore = createRunStore(() => done);
    subscribeStores(done, { run: doneStore });
    await doneStore.getState().open('run_a');
    await tick(WATCH_INTERVAL_MS * 3);
    expect(done.callsOf('runs.watch')).toHaveLength(0);

    let failures = 1;
    const flaky = fakeClient({
      'runs.get': () => ok(detailOf(storedRun({ rows_done: 4 }))),
      'runs.watch': () => (failures-- > 0 ? { ok: false, error: { code: 'INTERNAL', message: 'database is locked' } } : ok(watched(30))),
    });
    const flakyStore = createRunStore(() => flaky);
    subscribeStores(flaky, { run: flakyStore });
    await flakyStore.getState().open('run_a');
    await tick(0);
    expect(flakyStore.getState().detail!.run.rows_done).toBe(4);
    await tick(WATCH_INTERVAL_MS);
    expect(flakyStore.getState().detail!.run.rows_done).toBe(30);
    flakyStore.getState().leave();
  });

  it('offers Resume (a takeover) when the other process stopped answering, and says so', async () => {
    vi.useFakeTimers();
    const stale: RunWriter = { ...CLI, state: 'stale', heartbeat_seconds_ago: 14 };
    const client = fakeClient({
      'runs.get': () => ok(detailOf(storedRun({ rows_done: 40 }))),
      'runs.watch': () => ok(watched(40, { writer: stale })),
      'runs.resume': () => ok(storedRun({ status: 'running', rows_done: 40 })),
    });
    const store = createRunStore(() => client);
    subscribeStores(client, { run: store });
    await store.getState().open('run_a');
    await tick(0);
    expect(writerLine(stale)).toBe(
      'Written by another process (wai simulate, pid 4321 on this machine), which has sent no heartbeat for 14 s. Resume takes the run ' +
        'over from its stored rows; Cancel stops it.',
    );
    expect(writerLine({ ...stale, state: 'gone', this_machine: false, host: 'ci-7' })).toBe(
      'Written by another process (wai simulate, pid 4321 on host ci-7), which is no longer running. Resume continues the run from its ' +
        'stored rows; Cancel stops it.',
    );
    expect(selectCanResume(store.getState())).toBe(true);
    expect(selectCanCancel(store.getState())).toBe(true);
    expect(selectCancelBlockedBy(store.getState())).toBeNull();
    await store.getState().resume();
    expect(client.callsOf('runs.resume')).toEqual([{ run_id: 'run_a' }]);
    expect(store.getState()).toMatchObject({ writer: null, pace: null, detail: { run: { status: 'queued' } } });
    store.getState().leave();
  });
});
