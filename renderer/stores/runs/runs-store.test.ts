import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscribeStores } from '../../api/subscriptions';
import type { RunListItem, RunWriter } from '../../../shared/api';
import type { RunStatus } from '../../../shared/domain';
import type { ApiClient } from '../../api/client';
import { fakeClient, ok, type FakeClient } from '../../api/__fixtures__/fake-client';
import { batch, storedRun } from '../run/__fixtures__/run-detail';
import { FOLLOW_INTERVAL_MS, IDLE_CHECK_INTERVAL_MS, OWN_RUN_READ_INTERVAL_MS } from './actions';
import { passRate, selectIsEmpty, writerMark } from './selectors';
import { createRunsStore } from './store';

function clientReturning(result: Awaited<ReturnType<ApiClient['call']>>): ApiClient {
  return { call: async () => result as never, on: () => () => undefined };
}

const cliWriter: RunWriter = {
  where: 'elsewhere',
  program: 'wai simulate',
  pid: 4321,
  host: 'here',
  this_machine: true,
  state: 'live',
  heartbeat_seconds_ago: 1,
};

function listed(id: string, status: RunStatus, rows: number, writer: RunWriter | null = null): RunListItem {
  return { ...storedRun({ id, status, rows_done: rows }), n_graded: 0, n_pass: 0, writer };
}

/**
 * Fake change tokens: `changes` moves whenever a run's id, status or rows move (the store's moves on every run write),
 * `listed` only with a run's id or status.
 */
const tokensOf = (runs: readonly RunListItem[]) => ({
  changes: JSON.stringify(runs.map((run) => [run.id, run.status, run.rows_done])),
  listed: JSON.stringify(runs.map((run) => [run.id, run.status])),
});

/** A page as `runs.list` answers it. */
const page = (runs: RunListItem[], total = runs.length) => ({ runs, total });

/** Whole-list reads (each after a read of the change token), and the idle checks (the change token alone). */
const listReads = (client: FakeClient) => client.callsOf('runs.list');
const idleChecks = (client: FakeClient) =>
  client.calls
    .filter((call, index) => call.method === 'runs.changes' && client.calls[index + 1]?.method !== 'runs.list')
    .map((call) => call.input);

/** Lets the fake client's answer and the store's follow-up settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('runs store', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads runs and reports an empty store as empty, not as loading', async () => {
    const store = createRunsStore(() => clientReturning({ ok: true, value: page([]) }));
    expect(store.getState().status).toBe('idle');
    await store.getState().loadRuns();
    expect(store.getState()).toMatchObject({ status: 'ready', total: 0, error: null });
    expect(selectIsEmpty(store.getState())).toBe(true);
  });

  it('keeps the error message a person can act on', async () => {
    const store = createRunsStore(() => clientReturning({ ok: false, error: { code: 'INTERNAL', message: 'server gone' } }));
    await store.getState().loadRuns();
    expect(store.getState()).toMatchObject({ status: 'error', error: 'server gone' });
    expect(selectIsEmpty(store.getState())).toBe(false);
  });

  it('gives no pass rate for an ungraded run rather than 0%', () => {
    expect(passRate({ n_graded: 0, n_pass: 0 } as never)).toBeNull();
    expect(passRate({ n_graded: 4, n_pass: 3 } as never)).toBe(0.75);
  });

  it('keeps statuses and counts live from run events, and reads the list again when a run ends', async () => {
    const run = listed('run_a', 'running', 3);
    const client = fakeClient({ 'runs.list': () => ok(page([run])) });
    const store = createRunsStore(() => client);
    subscribeStores(client, { runs: store });
    await store.getState().loadRuns();
    await store.getState().loadRuns();
    expect(client.listenerCount('run-progress')).toBe(1);
    client.emit('run-progress', {
      run_id: 'run_a',
      status: 'running',
      rows_done: 25,
      budget: 100,
      rows_per_second: 9,
      seconds_left: 8,
      lost: 0,
      batch: batch(0, 120),
    });
    expect(store.getState().runs[0]).toMatchObject({ rows_done: 25, pairwise: { pairs_covered: 120 } });
    client.emit('run-end', { run_id: 'run_a', status: 'completed', stopped_because: 'budget' });
    await vi.waitFor(() => expect(client.callsOf('runs.list')).toHaveLength(3));
  });

  it('reads the list every 2 s while it shows a run another process writes, and stops when that run ends', async () => {
    vi.useFakeTimers();
    // The terminal's run grows between reads, a second one appears, then both end.
    const pages: RunListItem[][] = [
      [listed('run_old', 'completed', 50), listed('run_cli', 'running', 4, cliWriter)],
      [listed('run_old', 'completed', 50), listed('run_cli', 'running', 30, cliWriter)],
      [
        listed('run_new', 'queued', 0, { ...cliWriter, pid: 4400 }),
        listed('run_old', 'completed', 50),
        listed('run_cli', 'running', 61, cliWriter),
      ],
      [listed('run_new', 'completed', 10), listed('run_old', 'completed', 50), listed('run_cli', 'completed', 100)],
    ];
    let read = 0;
    const client = fakeClient({
      'runs.list': () => ok(page(pages[Math.min(read++, pages.length - 1)]!)),
      'runs.changes': () => ok(tokensOf(pages.at(-1)!)),
    });
    const store = createRunsStore(() => client);
    subscribeStores(client, { runs: store });
    await store.getState().open();
    expect(store.getState().runs.map((run) => run.rows_done)).toEqual([50, 4]);

    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS - 1);
    expect(client.callsOf('runs.list')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getState().runs[1]).toMatchObject({ id: 'run_cli', rows_done: 30 });
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS);
    expect(store.getState()).toMatchObject({ total: 3, status: 'ready' });
    expect(store.getState().runs.map((run) => run.id)).toEqual(['run_new', 'run_old', 'run_cli']);
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS);
    expect(store.getState().runs.map((run) => run.status)).toEqual(['completed', 'completed', 'completed']);
    expect(store.getState().runs.map((run) => run.writer)).toEqual([null, null, null]);

    // Nothing live is listed: no more whole reads, only a check of the change tokens every 4 s.
    await vi.advanceTimersByTimeAsync(IDLE_CHECK_INTERVAL_MS * 4);
    expect(listReads(client)).toHaveLength(4);
    expect(idleChecks(client)).toHaveLength(4);
    store.getState().leave();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not poll for this app’s own runs (their events keep them live), nor for finished runs a lease was left on', async () => {
    vi.useFakeTimers();
    const runs = [
      listed('run_mine', 'running', 5, { ...cliWriter, where: 'this_app', program: 'While Studio' }),
      listed('run_done', 'completed', 9, cliWriter),
      listed('run_queued', 'queued', 0),
    ];
    const client = fakeClient({ 'runs.list': () => ok(page(runs)), 'runs.changes': () => ok(tokensOf(runs)) });
    const store = createRunsStore(() => client);
    subscribeStores(client, { runs: store });
    await store.getState().open();
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS * 5);
    expect(listReads(client)).toHaveLength(1);
    expect(idleChecks(client)).toHaveLength(2);
    store.getState().leave();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('while this app writes a run, keeps its rows live from events and reads the page at most every 15 s, not per token move', async () => {
    vi.useFakeTimers();
    const mine = { ...cliWriter, where: 'this_app' as const, program: 'While Studio' };
    let stored = [listed('run_mine', 'running', 0, mine), listed('run_old', 'completed', 50)];
    const client = fakeClient({ 'runs.list': () => ok(page(stored)), 'runs.changes': () => ok(tokensOf(stored)) });
    const store = createRunsStore(() => client);
    subscribeStores(client, { runs: store });
    await store.getState().open();
    // Ten rows a second land, each moving the store's token and sending its progress.
    let rows = 0;
    const writeRows = async (ms: number) => {
      for (let elapsed = 0; elapsed < ms; elapsed += 100) {
        rows += 1;
        stored = stored.map((run) => (run.id === 'run_mine' ? listed('run_mine', 'running', rows, mine) : run));
        client.emit('run-progress', {
          run_id: 'run_mine',
          status: 'running',
          rows_done: rows,
          budget: 1000,
          rows_per_second: 10,
          seconds_left: 90,
          lost: 0,
          batch: batch(0, 120),
        });
        await vi.advanceTimersByTimeAsync(100);
      }
    };
    await writeRows(OWN_RUN_READ_INTERVAL_MS - 100);
    // Every 4 s a check finds the token moved, and the page is not read again: the count shown follows the events.
    expect(idleChecks(client).length).toBeGreaterThanOrEqual(2);
    expect(listReads(client)).toHaveLength(1);
    expect(store.getState().runs[0]).toMatchObject({ id: 'run_mine', rows_done: rows });
    await writeRows(IDLE_CHECK_INTERVAL_MS);
    expect(listReads(client)).toHaveLength(2);

    // `wai simulate` starts a run meanwhile: it shows at the next check, within 5 s, then is followed every 2 s.
    stored = [listed('run_cli', 'running', 1, cliWriter), ...stored];
    await writeRows(IDLE_CHECK_INTERVAL_MS);
    expect(store.getState().runs.map((run) => run.id)).toEqual(['run_cli', 'run_mine', 'run_old']);
    const reads = listReads(client).length;
    await writeRows(FOLLOW_INTERVAL_MS);
    expect(listReads(client)).toHaveLength(reads + 1);

    // Without a live run of its own, a moved token reads the page at the next check, as before.
    stored = [listed('run_cli', 'completed', 9), listed('run_mine', 'completed', rows), stored[2]!];
    client.emit('run-end', { run_id: 'run_mine', status: 'completed', stopped_because: 'budget' });
    await settle();
    const settled = listReads(client).length;
    stored = [listed('run_cli', 'completed', 9), listed('run_mine', 'completed', rows)];
    await vi.advanceTimersByTimeAsync(IDLE_CHECK_INTERVAL_MS);
    expect(listReads(client)).toHaveLength(settled + 1);
    expect(store.getState().total).toBe(2);
    store.getState().leave();
  });

  it('checks the change tokens every 4 s while nothing live is listed, and reads the list when another process changed a run', async () => {
    vi.useFakeTimers();
    let stored = [listed('run_old', 'completed', 50)];
    const client = fakeClient({ 'runs.list': () => ok(page(stored)), 'runs.changes': () => ok(tokensOf(stored)) });
    const store = createRunsStore(() => client);
    subscribeStores(client, { runs: store });
    await store.getState().open();

    // Nothing changed: one cheap check per interval, no whole read.
    await vi.advanceTimersByTimeAsync(IDLE_CHECK_INTERVAL_MS - 1);
    expect(idleChecks(client)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(idleChecks(client)).toEqual([{}]);
    expect(listReads(client)).toHaveLength(1);

    // `wai simulate` in a terminal stores a run; the window keeps its focus, so no focus event comes.
    stored = [listed('run_cli', 'running', 2, cliWriter), ...stored];
    await vi.advanceTimersByTimeAsync(IDLE_CHECK_INTERVAL_MS);
    expect(listReads(client)).toHaveLength(2);
    expect(store.getState()).toMatchObject({ total: 2, status: 'ready' });
    expect(store.getState().runs.map((run) => run.id)).toEqual(['run_cli', 'run_old']);
    // It is live elsewhere: the list follows it every 2 s.
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS);
    expect(listReads(client)).toHaveLength(3);

    // It ends; then another process deletes the older run (same newest run, one fewer).
    stored = [listed('run_cli', 'completed', 9), ...stored.slice(1)];
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS);
    expect(store.getState().runs[0]).toMatchObject({ status: 'completed', rows_done: 9 });
    const checksBefore = idleChecks(client).length;
    stored = stored.slice(0, 1);
    await vi.advanceTimersByTimeAsync(IDLE_CHECK_INTERVAL_MS);
    expect(idleChecks(client)).toHaveLength(checksBefore + 1);
    expect(store.getState()).toMatchObject({ total: 1, runs: [{ id: 'run_cli' }] });

    // Off screen (another view, or the window hidden): no checks.
    store.getState().leave();
    const calls = client.calls.length;
    await vi.advanceTimersByTimeAsync(IDLE_CHECK_INTERVAL_MS * 3);
    expect(client.calls).toHaveLength(calls);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows an older run another process resumed and finished, with the same newest run and count, at the next check', async () => {
    vi.useFakeTimers();
    let stored = [listed('run_new', 'completed', 40), listed('run_old', 'cancelled', 12)];
    const client = fakeClient({ 'runs.list': () => ok(page(stored)), 'runs.changes': () => ok(tokensOf(stored)) });
    const store = createRunsStore(() => client);
    subscribeStores(client, { runs: store });
    await store.getState().open();

    // `wai simulate --resume` takes the older run and finishes it between two checks: no run added, none removed.
    stored = [stored[0]!, listed('run_old', 'completed', 100)];
    await vi.advanceTimersByTimeAsync(IDLE_CHECK_INTERVAL_MS);
    expect(listReads(client)).toHaveLength(2);
    expect(store.getState().runs[1]).toMatchObject({ id: 'run_old', status: 'completed', rows_done: 100 });

    // A run resumed elsewhere and still running is followed every 2 s from then on.
    stored = [stored[0]!, listed('run_old', 'running', 100, cliWriter)];
    await vi.advanceTimersByTimeAsync(IDLE_CHECK_INTERVAL_MS);
    expect(store.getState().runs[1]).toMatchObject({ status: 'running', writer: cliWriter });
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS);
    expect(listReads(client)).toHaveLength(4);
    store.getState().leave();
  });

  it('keeps the list when an idle check fails, and checks again on the next tick', async () => {
    vi.useFakeTimers();
    let fail = false;
    const client = fakeClient({
      'runs.list': () => ok(page([listed('run_old', 'completed', 5)])),
      'runs.changes': () =>
        fail
          ? { ok: false, error: { code: 'INTERNAL', message: 'database is locked' } }
          : ok(tokensOf([listed('run_old', 'completed', 5)])),
    });
    const store = createRunsStore(() => client);
    subscribeStores(client, { runs: store });
    await store.getState().open();
    fail = true;
    await vi.advanceTimersByTimeAsync(IDLE_CHECK_INTERVAL_MS);
    expect(store.getState()).toMatchObject({ status: 'ready', error: null, runs: [{ id: 'run_old' }] });
    fail = false;
    await vi.advanceTimersByTimeAsync(IDLE_CHECK_INTERVAL_MS);
    expect(idleChecks(client)).toHaveLength(2);
    expect(listReads(client)).toHaveLength(1);
    store.getState().leave();
  });

  it('stops reading when the list leaves the screen, and a load off screen never starts it', async () => {
    vi.useFakeTimers();
    const client = fakeClient({ 'runs.list': () => ok(page([listed('run_cli', 'running', 4, cliWriter)])) });
    const store = createRunsStore(() => client);
    subscribeStores(client, { runs: store });
    await store.getState().open();
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS * 2);
    expect(client.callsOf('runs.list')).toHaveLength(3);

    store.getState().leave();
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS * 5);
    expect(client.callsOf('runs.list')).toHaveLength(3);
    expect(vi.getTimerCount()).toBe(0);

    // Another run of this app ends while the list is away: the list is read, but not followed.
    client.emit('run-end', { run_id: 'run_other', status: 'completed', stopped_because: 'budget' });
    await settle();
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS * 5);
    expect(client.callsOf('runs.list')).toHaveLength(4);

    // Back on screen: it follows again.
    await store.getState().open();
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS);
    expect(client.callsOf('runs.list')).toHaveLength(6);

    // Its window hidden, then shown again: a quiet read (no loading state), and it follows again.
    store.getState().leave();
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS * 3);
    expect(client.callsOf('runs.list')).toHaveLength(6);
    const statuses: string[] = [];
    const unsubscribe = store.subscribe((state) => statuses.push(state.status));
    await store.getState().refresh();
    expect(statuses).not.toContain('loading');
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS);
    expect(client.callsOf('runs.list')).toHaveLength(8);
    unsubscribe();
    store.getState().leave();
  });

  it('keeps the list shown when a follow read fails, and tries again on the next tick', async () => {
    vi.useFakeTimers();
    let fail = false;
    const client = fakeClient({
      'runs.list': () =>
        fail
          ? { ok: false, error: { code: 'INTERNAL', message: 'database is locked' } }
          : ok(page([listed('run_cli', 'running', 4, cliWriter)])),
    });
    const store = createRunsStore(() => client);
    subscribeStores(client, { runs: store });
    await store.getState().open();
    fail = true;
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS);
    expect(store.getState()).toMatchObject({ status: 'ready', error: null, runs: [{ id: 'run_cli', rows_done: 4 }] });
    fail = false;
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS);
    expect(client.callsOf('runs.list')).toHaveLength(3);
    store.getState().leave();
  });

  it('drops a slow follow read that a newer read overtook', async () => {
    vi.useFakeTimers();
    const answers: ((value: Awaited<ReturnType<ApiClient['call']>>) => void)[] = [];
    // Pages answer when the test says; the change token at once.
    const client: ApiClient = {
      call: (method) =>
        (method === 'runs.changes'
          ? Promise.resolve(ok({ changes: 'same', listed: 'same' }))
          : new Promise((resolve) => answers.push(resolve as never))) as never,
      on: () => () => undefined,
    };
    const store = createRunsStore(() => client);
    subscribeStores(client, { runs: store });
    const first = store.getState().open();
    await settle();
    answers.shift()!({ ok: true, value: page([listed('run_cli', 'running', 4, cliWriter)]) });
    await first;
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS);
    const slow = answers.shift()!;
    const newer = store.getState().loadRuns();
    await settle();
    answers.shift()!({ ok: true, value: page([listed('run_cli', 'completed', 100)]) });
    await newer;
    slow({ ok: true, value: page([listed('run_cli', 'running', 40, cliWriter)]) });
    await settle();
    expect(store.getState().runs[0]).toMatchObject({ status: 'completed', rows_done: 100 });
    // Only the idle check is pending (the dropped read scheduled nothing of its own).
    expect(vi.getTimerCount()).toBe(1);
    store.getState().leave();
  });

  it('marks the writer with its program and pid, the host when it is another machine, and a stalled or gone state', () => {
    expect(writerMark(cliWriter)).toEqual({
      text: 'wai simulate · pid 4321',
      label: 'Written by another process: wai simulate, pid 4321 on this machine',
    });
    expect(writerMark({ ...cliWriter, this_machine: false, host: 'build-box', state: 'stale', heartbeat_seconds_ago: 14 })).toEqual({
      text: 'wai simulate · pid 4321 on build-box',
      label: 'Written by another process: wai simulate, pid 4321 on host build-box, no heartbeat for 14 s',
    });
    expect(writerMark({ ...cliWriter, state: 'gone' }).label).toMatch(/, no longer running$/);
  });
});
