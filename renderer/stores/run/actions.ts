import type { StoreApi } from 'zustand';
import type { RunEnd, RunProgress } from '../../../shared/api';
import type { ApiClient } from '../../api/client';
import { initialRunState, type RunState } from './initial-state';
import { applyEnd, applyProgress } from './merge-progress';
import { isLiveStatus, selectCanCancel, selectCanResume } from './selectors';

/** How often a run another process writes is read again while it is open (ms). */
export const WATCH_INTERVAL_MS = 1_000;

export interface RunActions {
  /** Shows a run: loads it, and its progress events (see api/subscriptions) apply until another run is opened. */
  open(runId: string): Promise<void>;
  reload(): Promise<void>;
  cancel(): Promise<void>;
  resume(): Promise<void>;
  receiveProgress(progress: RunProgress): void;
  receiveEnd(end: RunEnd): void;
  /** The view closed: stop reading the run again (its events are still applied if it is opened later). */
  leave(): void;
}

export function createRunActions(set: StoreApi<RunState>['setState'], get: () => RunState, client: () => ApiClient): RunActions {
  /** Events that arrived while the run was loading, applied on top of what the load read. */
  let pending: RunProgress[] = [];

  /** The run the view shows, while it is open: only this one is read again. */
  let watching: string | null = null;
  let watchTimer: ReturnType<typeof setTimeout> | undefined;

  function stopWatching(): void {
    clearTimeout(watchTimer);
    watchTimer = undefined;
  }

  /**
   * Reads the run and its writer again in a second. Another process's run sends no events here: its rows, pace and end
   * come from the store. Stops once this app writes the run (its events take over) or the run is over.
   */
  function watchSoon(runId: string, delay = WATCH_INTERVAL_MS): void {
    stopWatching();
    if (watching !== runId) return;
    watchTimer = setTimeout(() => void watch(runId), delay);
  }

  async function watch(runId: string): Promise<void> {
    watchTimer = undefined;
    const result = await client().call('runs.watch', { run_id: runId });
    if (watching !== runId || get().runId !== runId) return;
    // A failed read (the store busy, a dropped connection) keeps what is shown and tries again; a deleted run stops it.
    if (!result.ok) return result.error.code === 'NOT_FOUND' ? undefined : watchSoon(runId);
    const { writer, pace, ...detail } = result.value;
    if (writer?.where === 'this_app') return set({ writer, pace: null });
    set({ detail, writer, pace });
    if (isLiveStatus(detail.run.status)) watchSoon(runId);
  }

  async function load(runId: string): Promise<void> {
    pending = [];
    const result = await client().call('runs.get', { run_id: runId });
    if (get().runId !== runId) return;
    if (!result.ok) {
      set({ status: 'error', error: result.error.message });
      return;
    }
    const detail = pending.reduce(applyProgress, result.value);
    pending = [];
    set({ detail, status: 'ready', error: null });
    // Queued or running: find out at once who writes it (this app's own events, or another process to be read).
    if (isLiveStatus(detail.run.status) && watchTimer === undefined) watchSoon(runId, 0);
  }

  const actions: RunActions = {
    async open(runId) {
      if (watching !== runId) stopWatching();
      watching = runId;
      if (get().runId !== runId) set({ ...initialRunState, runId });
      set({ status: get().detail ? 'ready' : 'loading', error: null });
      await load(runId);
    },
    async reload() {
      const runId = get().runId;
      if (runId) await load(runId);
    },
    async cancel() {
      const state = get();
      if (!state.runId || !selectCanCancel(state)) return;
      set({ actionStatus: 'cancelling', actionError: null });
      const result = await client().call('runs.cancel', { run_id: state.runId });
      if (get().runId !== state.runId) return;
      if (!result.ok) return set({ actionStatus: 'idle', actionError: result.error.message });
      const detail = get().detail;
      // The worker stops after the rollouts in flight; run-end brings the final status.
      set({
        actionStatus: result.value.status === 'cancelled' ? 'idle' : 'cancelling',
        detail: detail && { ...detail, run: result.value },
      });
    },
    async resume() {
      const state = get();
      if (!state.runId || !selectCanResume(state)) return;
      set({ actionStatus: 'resuming', actionError: null });
      const result = await client().call('runs.resume', { run_id: state.runId });
      if (get().runId !== state.runId) return;
      if (!result.ok) return set({ actionStatus: 'idle', actionError: result.error.message });
      const detail = get().detail;
      // The worker marks it running with its first rows; until then it waits in the queue.
      const run = selectCanResume({ ...state, detail: detail && { ...detail, run: result.value } })
        ? { ...result.value, status: 'queued' as const }
        : result.value;
      set({
        actionStatus: 'idle',
        live: null,
        writer: null,
        pace: null,
        detail: detail && { ...detail, run, summary: null, active_time: null },
      });
    },
    receiveProgress(progress) {
      const state = get();
      if (progress.run_id !== state.runId) return;
      if (!state.detail) {
        pending.push(progress);
        return set({ live: progress });
      }
      set({ live: progress, detail: applyProgress(state.detail, progress) });
    },
    receiveEnd(end) {
      const state = get();
      if (end.run_id !== state.runId) return;
      set({ actionStatus: 'idle', detail: state.detail && applyEnd(state.detail, end) });
      void actions.reload();
    },
    leave() {
      watching = null;
      stopWatching();
    },
  };
  return actions;
}
