import type { StoreApi } from 'zustand';
import type { RunProgress } from '../../../shared/api';
import type { ApiClient } from '../../api/client';
import type { RunsState } from './initial-state';

export interface RunsActions {
  /** Loads the list and, the first time, follows run events so statuses and counts stay live. */
  loadRuns(): Promise<void>;
  receiveProgress(progress: RunProgress): void;
}

export function createRunsActions(set: StoreApi<RunsState>['setState'], get: () => RunsState, client: () => ApiClient): RunsActions {
  let subscribed = false;

  function subscribe(actions: RunsActions): void {
    if (subscribed) return;
    subscribed = true;
    client().on('run-progress', (progress) => actions.receiveProgress(progress));
    // The end brings the final status, coverage and degraded codes: read the list again.
    client().on('run-end', () => void actions.loadRuns());
  }

  const actions: RunsActions = {
    async loadRuns() {
      subscribe(actions);
      set({ status: 'loading', error: null });
      const result = await client().call('runs.list', { limit: 200, offset: 0 });
      if (result.ok) set({ runs: result.value.runs, total: result.value.total, status: 'ready' });
      else set({ status: 'error', error: result.error.message });
    },
    receiveProgress(progress) {
      const runs = get().runs;
      if (!runs.some((run) => run.id === progress.run_id)) return;
      set({
        runs: runs.map((run) =>
          run.id === progress.run_id
            ? { ...run, status: progress.status, rows_done: Math.max(run.rows_done, progress.rows_done), pairwise: progress.batch?.pairwise ?? run.pairwise }
            : run,
        ),
      });
    },
  };
  return actions;
}
