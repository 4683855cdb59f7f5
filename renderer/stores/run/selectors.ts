import type { BatchRecord, RunStatus, WriterArm } from '../../../shared/domain';
import { WRITER_ARMS } from '../../../shared/domain';
import type { RunState } from './initial-state';

const CANCELLABLE: readonly RunStatus[] = ['queued', 'running'];
const RESUMABLE: readonly RunStatus[] = ['cancelled', 'interrupted', 'failed'];

export function selectCanCancel(state: RunState): boolean {
  return state.detail !== null && CANCELLABLE.includes(state.detail.run.status);
}

export function selectCanResume(state: RunState): boolean {
  return state.detail !== null && RESUMABLE.includes(state.detail.run.status);
}

export interface ProgressFigures {
  rows_done: number;
  budget: number;
  /** rows_done / budget, 0..1. */
  fraction: number;
  /** Null when the run is not moving (no live event since it started or resumed). */
  rows_per_second: number | null;
  seconds_left: number | null;
  /** Rollouts lost after their re-rolls; null when not known yet. */
  lost: number | null;
}

export function selectProgress(state: RunState): ProgressFigures | null {
  const run = state.detail?.run;
  if (!run) return null;
  const budget = run.config.budget;
  const isMoving = state.live !== null && CANCELLABLE.includes(run.status);
  return {
    rows_done: run.rows_done,
    budget,
    fraction: budget > 0 ? Math.min(1, run.rows_done / budget) : 0,
    rows_per_second: isMoving ? state.live!.rows_per_second : null,
    seconds_left: isMoving ? state.live!.seconds_left : null,
    lost: state.live?.lost ?? state.detail?.summary?.search.rollouts.lost ?? null,
  };
}

/** One stacked bar per batch: each writer's share of that batch's budget (shares sum to 1). */
export function shareSeries(batches: readonly BatchRecord[]): { batch: number; shares: Record<WriterArm, number> }[] {
  return batches.map((record) => {
    const total = WRITER_ARMS.reduce((sum, arm) => sum + (record.arm_weights[arm] ?? 0), 0);
    const shares = Object.fromEntries(WRITER_ARMS.map((arm) => [arm, total > 0 ? (record.arm_weights[arm] ?? 0) / total : 0])) as Record<WriterArm, number>;
    return { batch: record.batch, shares };
  });
}

/** Coverage growth: pairs covered and planned after each batch. */
export function coverageSeries(batches: readonly BatchRecord[]): { batch: number; covered: number; planned: number }[] {
  return batches.map((record) => ({ batch: record.batch, covered: record.pairwise.pairs_covered, planned: record.pairwise.pairs_planned }));
}
