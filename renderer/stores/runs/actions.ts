import type { StoreApi } from 'zustand';
import type { RunProgress } from '../../../shared/api';
import type { ApiClient } from '../../api/client';
import type { RunsState } from './initial-state';
import { selectFollowsElsewhere } from './selectors';

/** How often the list is read again while it shows a run another process writes (ms). */
export const FOLLOW_INTERVAL_MS = 2_000;

export interface RunsActions {
  /** The list came on screen: loads it, and reads it again while it shows a run another process writes. */
  open(): Promise<void>;
  /** Loads the list and, the first time, follows run events so statuses and counts stay live. */
  loadRuns(): Promise<void>;
  /** The list is back in view (its window shown or focused again): reads it without a loading state, and follows again. */
  refresh(): Promise<void>;
  receiveProgress(progress: RunProgress): void;
  /** The list left the screen (another view, or its window hidden): stop reading it again. */
  leave(): void;
}

export function createRunsActions(set: StoreApi<RunsState>['setState'], get: () => RunsState, client: () => ApiClient): RunsActions {
  let subscribed = false;
  let onScreen = false;
  let followTimer: ReturnType<typeof setTimeout> | undefined;
  /** Each read's number: an answer older than the latest read is dropped (a slow tick never overwrites a newer list). */
  let reads = 0;

  function subscribe(): void {
    if (subscribed) return;
    subscribed = true;
    // This app's own runs send their progress and end; runs another process writes are read again instead.
    client().on('run-progress', (progress) => actions.receiveProgress(progress));
    // The end brings the final status, coverage and degraded codes: read the list again.
    client().on('run-end', () => void actions.loadRuns());
  }

  function stopFollowing(): void {
    clearTimeout(followTimer);
    followTimer = undefined;
  }

  /** Reads the list again in FOLLOW_INTERVAL_MS while it is on screen and shows a run another process writes. */
  function followSoon(): void {
    stopFollowing();
    if (onScreen && selectFollowsElsewhere(get())) followTimer = setTimeout(() => void read(true), FOLLOW_INTERVAL_MS);
  }

  async function read(quiet: boolean): Promise<void> {
    const number = ++reads;
    if (!quiet) set({ status: 'loading', error: null });
    const result = await client().call('runs.list', { limit: 200, offset: 0 });
    if (number !== reads) return;
    if (result.ok) set({ runs: result.value.runs, total: result.value.total, status: 'ready', error: null });
    // A failed quiet read (the store busy, a dropped connection) keeps what is shown and tries again on the next tick.
    else if (!quiet || get().status !== 'ready') set({ status: 'error', error: result.error.message });
    followSoon();
  }

  const actions: RunsActions = {
    async open() {
      onScreen = true;
      await actions.loadRuns();
    },
    async loadRuns() {
      subscribe();
      await read(false);
    },
    async refresh() {
      onScreen = true;
      subscribe();
      await read(true);
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
    leave() {
      onScreen = false;
      stopFollowing();
    },
  };
  return actions;
}
