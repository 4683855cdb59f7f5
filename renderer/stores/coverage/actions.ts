import type { StoreApi } from 'zustand';
import type { RunEnd, RunProgress } from '../../../shared/api';
import type { Axis, Dimensions, Run } from '../../../shared/domain';
import type { ApiClient } from '../../api/client';
import { latestRequest } from '../helpers/latest-request';
import { initialCoverageState, type AxisPair, type CoverageState } from './initial-state';

export interface CoverageActions {
  /** Shows a run's coverage and follows it while it runs (a refresh after each batch and at the end). */
  open(runId: string): Promise<void>;
  reload(): Promise<void>;
  /** Picks the heatmap's axes; choosing the other side's axis swaps the two. */
  chooseAxes(choice: Partial<AxisPair>): Promise<void>;
  /**
   * "Fill this cell" in place: the run adds up to `budget` rows aimed at the cell, and the heatmap fills as they land;
   * resolves to the run, or null (see fillError).
   */
  fill(aim: Partial<Dimensions>, budget: number): Promise<Run | null>;
  receiveProgress(progress: RunProgress): void;
  receiveEnd(end: RunEnd): void;
}

/** The pair after a choice: an axis chosen for one side that the other side holds swaps them. */
export function nextAxes(current: AxisPair, choice: Partial<AxisPair>): AxisPair {
  const x: Axis = choice.x ?? current.x;
  const y: Axis = choice.y ?? current.y;
  if (x !== y) return { x, y };
  return choice.x !== undefined ? { x, y: current.x } : { x: current.y, y };
}

export function createCoverageActions(
  set: StoreApi<CoverageState>['setState'],
  get: () => CoverageState,
  client: () => ApiClient,
): CoverageActions {
  const matrixRequests = latestRequest();
  const summaryRequests = latestRequest();

  async function loadSummary(runId: string): Promise<void> {
    const isLatest = summaryRequests.start();
    if (!get().summary) set({ summaryStatus: 'loading', summaryError: null });
    const result = await client().call('coverage.summary', { run_id: runId });
    if (!isLatest() || get().runId !== runId) return;
    if (result.ok) set({ summary: result.value, summaryStatus: 'ready', summaryError: null });
    else set({ summaryStatus: 'error', summaryError: result.error.message });
  }

  async function loadMatrix(runId: string, axes: AxisPair): Promise<void> {
    const isLatest = matrixRequests.start();
    set({ matrixStatus: 'loading', matrixError: null });
    const result = await client().call('coverage.matrix', { run_id: runId, x: axes.x, y: axes.y });
    if (!isLatest() || get().runId !== runId) return;
    if (result.ok) set({ matrix: result.value, matrixStatus: 'ready', matrixError: null });
    else set({ matrixStatus: 'error', matrixError: result.error.message });
  }

  const actions: CoverageActions = {
    async open(runId) {
      if (get().runId !== runId) set({ ...initialCoverageState, axes: get().axes, runId });
      await Promise.all([loadSummary(runId), loadMatrix(runId, get().axes)]);
    },
    async reload() {
      const runId = get().runId;
      if (runId) await Promise.all([loadSummary(runId), loadMatrix(runId, get().axes)]);
    },
    async chooseAxes(choice) {
      const axes = nextAxes(get().axes, choice);
      set({ axes });
      const runId = get().runId;
      if (runId) await loadMatrix(runId, axes);
    },
    async fill(aim, budget) {
      const runId = get().runId;
      if (!runId || get().fillStatus === 'starting') return null;
      set({ fillStatus: 'starting', fillError: null, filling: { aim, budget, rows: 0, ended: null } });
      const result = await client().call('coverage.fill', { run_id: runId, aim, budget });
      if (!result.ok) {
        set({ fillStatus: 'idle', fillError: result.error.message, filling: null });
        return null;
      }
      // A fill that ended before this answer (a tiny budget) was already told so by its run-end.
      if (get().fillStatus === 'starting') set({ fillStatus: 'filling' });
      void actions.reload();
      return result.value;
    },
    receiveProgress(progress) {
      if (progress.run_id !== get().runId) return;
      const { filling, fillStatus } = get();
      if (filling && fillStatus !== 'idle') set({ filling: { ...filling, rows: progress.rows_done } });
      // Coverage moves a batch at a time; refreshing on every row would only redraw the same squares.
      if (progress.batch !== null) void actions.reload();
    },
    receiveEnd(end) {
      if (end.run_id !== get().runId) return;
      const { filling, fillStatus } = get();
      if (filling && fillStatus !== 'idle') set({ fillStatus: 'idle', filling: { ...filling, ended: end.stopped_because ?? end.status } });
      void actions.reload();
    },
  };
  return actions;
}
