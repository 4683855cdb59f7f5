/** Seconds as "1h 4m", "3m 20s" or "12s"; null as a dash. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null) return '—';
  const whole = Math.max(0, Math.round(seconds));
  if (whole >= 3600) return `${Math.floor(whole / 3600)}h ${Math.floor((whole % 3600) / 60)}m`;
  if (whole >= 60) return `${Math.floor(whole / 60)}m ${whole % 60}s`;
  return `${whole}s`;
}

export function formatRate(rowsPerSecond: number | null | undefined): string {
  if (rowsPerSecond == null) return '—';
  return `${rowsPerSecond >= 100 ? Math.round(rowsPerSecond).toLocaleString() : rowsPerSecond.toFixed(1)} rows/s`;
}

export function formatCount(value: number | null | undefined): string {
  return value == null ? '—' : value.toLocaleString();
}

export function formatShare(value: number | null | undefined): string {
  return value == null ? '—' : `${Math.round(value * 100)}%`;
}

/** What each `stopped_because` means, in a sentence a person reads after the code. */
const STOP_MEANINGS: Readonly<Record<string, string>> = {
  budget: 'the row budget was reached',
  situations_exhausted: 'every situation asked for has its rollouts',
  tasks_done: 'every replayed task has its rollouts',
  agent_failed: "no rollout survived the agent's errors",
  saturation: 'coverage saturated: every planned cell has 5 conversations, or 12 batches in a row found nothing new',
  pairs_covered: 'every planned pair of axis values has a conversation',
  writer_exhausted: 'the offline writer ran out of new situations',
  cancelled: 'it was cancelled; the rows so far are kept and it can resume',
  writer_quota_exceeded: "the writer model's quota ran out",
  writer_auth_failed: 'the writer model refused the key',
  agent_quota_exceeded: "the agent model's quota ran out",
  agent_auth_failed: 'the agent model refused the key',
  user_quota_exceeded: "the user model's quota ran out",
  user_auth_failed: 'the user model refused the key',
  time_budget: 'its time limit ran out; it stopped after the batch in flight',
  ask_exhausted: 'the simulator model kept writing situations it had written before, after every restart it was allowed',
  grader_failed: "the run's grader failed on each of its first rows",
  judge_quota_exceeded: "the grader model's quota ran out",
  judge_auth_failed: 'the grader model refused the key',
};

/** `until` as the Stop when setting words it. */
export const UNTIL_WORDS: Readonly<Record<string, string>> = {
  compute: 'the budget is spent',
  saturation: 'coverage saturates',
  first: 'every pair is covered',
};

/**
 * A run set to stop when every pair is covered (`until="first"`) ends with `pairs_covered`, or with `saturation` on a
 * plateau; runs stored before `pairs_covered` existed ended with `saturation` either way, and their pairwise figure
 * tells which of the two it was.
 */
export function stopMeaning(reason: string, context: { until?: string; all_pairs_covered?: boolean } = {}): string | undefined {
  if (reason === 'saturation' && context.until === 'first') {
    return context.all_pairs_covered
      ? 'every planned pair of axis values has a conversation'
      : 'coverage stopped growing: 12 batches in a row found nothing new';
  }
  return STOP_MEANINGS[reason];
}

/** A stopped run's duration and average rate, read from its stored stamps. */
export interface FinishedTiming {
  /** Seconds from the run's creation (Start pressed) to its last write (its end). */
  seconds: number;
  /**
   * Rows per second: over `seconds` for a run that never paused; over `active_seconds` for a resumed one; null when a
   * resumed run's running time is not known (or no row was stored).
   */
  rows_per_second: number | null;
  /** The run was cancelled or interrupted and resumed: `seconds` include the time it sat stopped. */
  paused: boolean;
  /** A resumed run's running time (the server's `active_time`); null when not paused or not known. */
  active_seconds: number | null;
  /** Seconds left out of `seconds` as stopped (stretches of over a minute with no rollout in flight); null as above. */
  stopped_seconds: number | null;
  /** How many stretches `stopped_seconds` holds (0: its pause was shorter, and counted as running). */
  stopped_stretches: number;
}

/** What the server read from the run's rows (shared/api RunActiveTime). */
export interface ActiveTime {
  rows: number;
  active_seconds: number;
  stopped_seconds: number;
  stopped_stretches: number;
}

/**
 * How long a stopped run took, from its stamps: `created_at` (the run stored, its spec drafted) to `updated_at` (the
 * executor's last write, with the final status). `resumedRows`: rows replayed from the store at the last resume
 * (the summary's `search.rollouts.resumed`); above 0 the span holds a pause, so the average rate is taken over
 * `activeTime` (the span less the stretches it sat stopped, read from its rows) instead, or not claimed without it.
 * Null for a live run or unreadable stamps.
 */
export function finishedTiming(
  run: { status: string; created_at: string; updated_at: string; rows_done: number },
  resumedRows: number,
  activeTime: ActiveTime | null = null,
): FinishedTiming | null {
  if (run.status === 'queued' || run.status === 'running') return null;
  const seconds = (Date.parse(run.updated_at) - Date.parse(run.created_at)) / 1000;
  if (!Number.isFinite(seconds) || seconds < 0) return null;
  const paused = resumedRows > 0;
  const unknown = { active_seconds: null, stopped_seconds: null, stopped_stretches: 0 };
  if (!paused) return { seconds, rows_per_second: seconds === 0 ? null : run.rows_done / seconds, paused, ...unknown };
  const active = activeTime && activeTime.active_seconds > 0 && activeTime.rows > 0 ? activeTime : null;
  if (!active) return { seconds, rows_per_second: null, paused, ...unknown };
  return {
    seconds,
    rows_per_second: active.rows / active.active_seconds,
    paused,
    active_seconds: active.active_seconds,
    stopped_seconds: active.stopped_seconds,
    stopped_stretches: active.stopped_stretches,
  };
}

/** A duration with a decimal under ten seconds ("3.4s"), as formatDuration above it. */
export function formatElapsed(seconds: number): string {
  return seconds < 10 ? `${(Math.round(seconds * 10) / 10).toFixed(1)}s` : formatDuration(seconds);
}
