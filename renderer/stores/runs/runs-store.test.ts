import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/client';
import { fakeClient, ok } from '../run/__fixtures__/fake-client';
import { batch, storedRun } from '../run/__fixtures__/run-detail';
import { passRate, selectIsEmpty } from './selectors';
import { createRunsStore } from './store';

function clientReturning(result: Awaited<ReturnType<ApiClient['call']>>): ApiClient {
  return { call: async () => result as never, on: () => () => undefined };
}

describe('runs store', () => {
  it('loads runs and reports an empty store as empty, not as loading', async () => {
    const store = createRunsStore(() => clientReturning({ ok: true, value: { runs: [], total: 0 } }));
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
    const run = { ...storedRun({ status: 'running', rows_done: 3 }), n_graded: 0, n_pass: 0 };
    const client = fakeClient({ 'runs.list': () => ok({ runs: [run], total: 1 }) });
    const store = createRunsStore(() => client);
    await store.getState().loadRuns();
    await store.getState().loadRuns();
    expect(client.listenerCount('run-progress')).toBe(1);
    client.emit('run-progress', { run_id: 'run_a', status: 'running', rows_done: 25, budget: 100, rows_per_second: 9, seconds_left: 8, lost: 0, batch: batch(0, 120) });
    expect(store.getState().runs[0]).toMatchObject({ rows_done: 25, pairwise: { pairs_covered: 120 } });
    client.emit('run-end', { run_id: 'run_a', status: 'completed', stopped_because: 'budget' });
    expect(client.callsOf('runs.list')).toHaveLength(3);
  });
});
