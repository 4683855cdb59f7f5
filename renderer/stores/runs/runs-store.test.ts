import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/client';
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
});
