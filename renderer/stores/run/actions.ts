import type { StoreApi } from 'zustand';
import type { RunEnd, RunProgress } from '../../../shared/api';
import type { ApiClient } from '../../api/client';
import { initialRunState, type RunState } from './initial-state';
import { applyEnd, applyProgress } from './merge-progress';
import { selectCanCancel, selectCanResume } from './selectors';

export interface RunActions {
  /** Shows a run: loads it and follows its progress events until another run is opened. */
  open(runId: string): Promise<void>;
  reload(): Promise<void>;
  cancel(): Promise<void>;
  resume(): Promise<void>;
  receiveProgress(progress: RunProgress): void;
  receiveEnd(end: RunEnd): void;
}

export function createRunActions(set: StoreApi<RunState>['setState'], get: () => RunState, client: () => ApiClient): RunActions {
  let subscribed = false;
  /** Events that arrived while the run was loading, applied on top of what the load read. */
  let pending: RunProgress[] = [];

  function subscribe(): void {
    if (subscribed) return;
    subscribed = true;
    client().on('run-progress', (progress) => actions.receiveProgress(progress));
    client().on('run-end', (end) => actions.receiveEnd(end));
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
  }

  const actions: RunActions = {
    async open(runId) {
      subscribe();
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
      set({ actionStatus: result.value.status === 'cancelled' ? 'idle' : 'cancelling', detail: detail && { ...detail, run: result.value } });
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
      const run = selectCanResume({ ...state, detail: detail && { ...detail, run: result.value } }) ? { ...result.value, status: 'queued' as const } : result.value;
      set({ actionStatus: 'idle', live: null, detail: detail && { ...detail, run, summary: null } });
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
  };
  return actions;
}
