import type { RunPace, RunWatch } from '../../../shared/api';
import { withActiveTime } from '../../store/runs/run-active-time';
import { getRunLease, latestRowStamps, type RunLeaseRecord } from '../../store/runs/run-leases-repository';
import type { AppContext } from '../app/app-context';
import { runWriter } from './run-lease';
import { runDetail } from './runs-service';

/** Rows whose stamps the pace is read from: enough for a steady rate, few enough to read every second. */
export const PACE_WINDOW_ROWS = 100;

/** Rows under the current writer before a time left is offered (as the app's own runs do). */
const ROWS_BEFORE_TIME_LEFT = 5;

/**
 * A run as stored now, who writes it, and (when another process does) its pace. `nowMs`: the wall clock the lease's
 * times are compared with.
 */
export function watchRun(context: AppContext, runId: string, nowMs = Date.now()): RunWatch {
  // One read transaction: the run, its lease and its latest rows as of one commit of a writer on another connection.
  return context.db.transaction(() => {
    const detail = runDetail(context, runId);
    const lease = getRunLease(context.db, runId);
    if (!lease) return { ...detail, writer: null, pace: null };
    const writer = runWriter(lease, context.jobs.isActive(runId), nowMs);
    const pace =
      writer.where === 'elsewhere'
        ? paceOf(latestRowStamps(context.db, runId, PACE_WINDOW_ROWS), lease, detail.run.rows_done, detail.run.config.budget, nowMs)
        : null;
    return { ...detail, writer, pace };
  })();
}

/** runs.watch: watchRun with how long the run was running, once it has stopped. */
export function watchRunWithActiveTime(context: AppContext, runId: string) {
  return withActiveTime(context.db, watchRun(context, runId));
}

/**
 * Rows per second under the current writer. Stamps (ISO, newest ordinals first) from before the writer took the run
 * are left out. When all its rows fit the window the rate counts from when it took the run; when the window is full
 * it counts the rows after the window's oldest from that row's stamp, so a long run's rate follows its recent pace.
 */
export function paceOf(
  stamps: readonly string[],
  lease: Pick<RunLeaseRecord, 'acquired_at'>,
  rowsDone: number,
  budget: number,
  nowMs: number,
): RunPace {
  const times = stamps.map((stamp) => Date.parse(stamp)).filter((time) => Number.isFinite(time) && time >= lease.acquired_at);
  const windowFull = stamps.length >= PACE_WINDOW_ROWS && times.length === stamps.length;
  const from = windowFull ? Math.min(...times) : lease.acquired_at;
  const counted = windowFull ? times.length - 1 : times.length;
  const seconds = (nowMs - from) / 1000;
  const rate = seconds > 0 ? counted / seconds : 0;
  return {
    rows_counted: times.length,
    rows_per_second: Math.round(rate * 10) / 10,
    seconds_left: times.length >= ROWS_BEFORE_TIME_LEFT && rate > 0 ? Math.round(Math.max(0, budget - rowsDone) / rate) : null,
  };
}
