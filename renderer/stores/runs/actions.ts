import type { StoreApi } from 'zustand';
import type { ApiClient } from '../../api/client';
import type { RunsState } from './initial-state';

export interface RunsActions {
  loadRuns(): Promise<void>;
}

export function createRunsActions(set: StoreApi<RunsState>['setState'], client: () => ApiClient): RunsActions {
  return {
    async loadRuns() {
      set({ status: 'loading', error: null });
      const result = await client().call('runs.list', { limit: 200, offset: 0 });
      if (result.ok) set({ runs: result.value.runs, total: result.value.total, status: 'ready' });
      else set({ status: 'error', error: result.error.message });
    },
  };
}
