import type { BatchRecord, RunStatus, WriterArm } from '../../../shared/domain';
import { WRITER_ARMS } from '../../../shared/domain';
import type { RunWriter } from '../../../shared/api';
import type { RunState } from './initial-state';

const CANCELLABLE: readonly RunStatus[] = ['queued', 'running'];
const RESUMABLE: readonly RunStatus[] = ['cancelled', 'interrupted', 'failed'];

/** Queued or running: someone may be writing it. */
export function isLiveStatus(status: RunStatus): boolean {
  return CANCELLABLE.includes(status);
}

/** The writer of a queued or running run when it is another process (`wai simulate`, a second app); else null. */
export function selectWriterElsewhere(state: RunState): RunWriter | null {
  const run = state.detail?.run;
  return run && isLiveStatus(run.status) && state.writer?.where === 'elsewhere' ? state.writer : null;
}

export function selectCanCancel(state: RunState): boolean {
  return state.detail !== null && CANCELLABLE.includes(state.detail.run.status);
}

/**
 * Why Cancel cannot stop this run from here (null when it can): another process writes it, and only that process
 * stops it (`runs.cancel` answers CONFLICT). A writer that stopped answering no longer blocks it: Cancel takes the
 * run over and stops it, as Resume takes it over and continues it.
 */
export function selectCancelBlockedBy(state: RunState): string | null {
  const writer = selectWriterElsewhere(state);
  return writer?.state === 'live' ? 'Another process writes this run; cancel it there.' : null;
}

/** A stopped run resumes; so does one whose writer in another process stopped answering (Resume takes it over). */
export function selectCanResume(state: RunState): boolean {
  if (state.detail === null) return false;
  const writer = selectWriterElsewhere(state);
  return RESUMABLE.includes(state.detail.run.status) || (writer !== null && writer.state !== 'live');
}

/** The plain line saying which process writes the run, and what can be done about it here. */
export function writerLine(writer: RunWriter): string {
  const where = writer.this_machine ? 'this machine' : `host ${writer.host}`;
  const who = `${writer.program}, pid ${writer.pid} on ${where}`;
  switch (writer.state) {
    case 'live':
      return `Written by another process (${who}); cancel it there. Its rows show here as they are stored.`;
    case 'stale':
      return (
        `Written by another process (${who}), which has sent no heartbeat for ${writer.heartbeat_seconds_ago} s. ` +
        'Resume takes the run over from its stored rows; Cancel stops it.'
      );
    case 'gone':
      return (
        `Written by another process (${who}), which is no longer running. ` +
        'Resume continues the run from its stored rows; Cancel stops it.'
      );
    default: {
      const unreachable: never = writer.state;
      return unreachable;
    }
  }
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
  // Another process's run: its pace is read from its stored rows; its lost rollouts are known with its summary.
  const pace = selectWriterElsewhere(state) ? state.pace : null;
  return {
    rows_done: run.rows_done,
    budget,
    fraction: budget > 0 ? Math.min(1, run.rows_done / budget) : 0,
    rows_per_second: pace ? pace.rows_per_second : isMoving ? state.live!.rows_per_second : null,
    seconds_left: pace ? pace.seconds_left : isMoving ? state.live!.seconds_left : null,
    lost: (pace ? null : state.live?.lost) ?? state.detail?.summary?.search.rollouts.lost ?? null,
  };
}

/** One stacked bar per batch from one of its per-arm records: each arm's part of the batch's total (all 0 when it is 0). */
function armSeries(
  batches: readonly BatchRecord[],
  values: (record: BatchRecord) => Partial<Record<WriterArm, number>>,
): { batch: number; shares: Record<WriterArm, number> }[] {
  return batches.map((record) => {
    const own = values(record);
    const total = WRITER_ARMS.reduce((sum, arm) => sum + (own[arm] ?? 0), 0);
    const shares = Object.fromEntries(WRITER_ARMS.map((arm) => [arm, total > 0 ? (own[arm] ?? 0) / total : 0])) as Record<
      WriterArm,
      number
    >;
    return { batch: record.batch, shares };
  });
}

/** The bandit's weight for each writer when the batch was allocated (weights sum to 1). */
export const shareSeries = (batches: readonly BatchRecord[]) => armSeries(batches, (record) => record.arm_weights);

/** Each writer's share of the rows the batch produced: what was spent. */
export const spentSeries = (batches: readonly BatchRecord[]) => armSeries(batches, (record) => record.arm_rows);

/** Coverage growth: pairs covered and planned after each batch. */
export function coverageSeries(batches: readonly BatchRecord[]): { batch: number; covered: number; planned: number }[] {
  return batches.map((record) => ({ batch: record.batch, covered: record.pairwise.pairs_covered, planned: record.pairwise.pairs_planned }));
}
