import { STOPPED_GAP_SECONDS, type RunActiveTime } from '../../../shared/api';
import { statement, type Db } from '../database';

/*
 * A row is stored when its rollout ends (in ordinal order: a row that finished early waits for the rows before it, and
 * those were in flight meanwhile), and `duration_ms` is its rollout's wall time from the moment it took a slot. So
 * [created_at - duration_ms, created_at] lies within the time the run had a rollout in flight. Those spans, with the
 * run's Start and end as points, are merged into islands (sorted by start; a span starting after every earlier one
 * ended opens a new island); the gaps between islands are the stretches with nothing in flight, and those over the
 * threshold (@gap, ms) are taken for pauses. Times in ms since the epoch (julianday keeps ~0.02 ms).
 */
const ACTIVE_TIME_SQL = `
  WITH bounds AS (
    SELECT (julianday(created_at) - 2440587.5) * 86400000.0 AS started, (julianday(updated_at) - 2440587.5) * 86400000.0 AS ended
    FROM runs WHERE id = @run
  ),
  spans AS (
    SELECT (julianday(created_at) - 2440587.5) * 86400000.0 - duration_ms AS began,
      (julianday(created_at) - 2440587.5) * 86400000.0 AS ended, 1 AS is_row
    FROM rows WHERE run_id = @run
    UNION ALL SELECT started, started, 0 FROM bounds
    UNION ALL SELECT ended, ended, 0 FROM bounds
  ),
  marked AS (
    SELECT began, ended, is_row,
      CASE WHEN began > MAX(ended) OVER (ORDER BY began, ended ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) THEN 1 ELSE 0 END AS opens
    FROM spans WHERE ended IS NOT NULL
  ),
  islands AS (
    SELECT began, ended, is_row, SUM(opens) OVER (ORDER BY began, ended ROWS UNBOUNDED PRECEDING) AS island FROM marked
  ),
  merged AS (
    SELECT island, MIN(began) AS began, MAX(ended) AS ended, SUM(is_row) AS rows FROM islands GROUP BY island
  ),
  gaps AS (
    SELECT rows, began - LAG(ended) OVER (ORDER BY island) AS gap FROM merged
  )
  SELECT COALESCE(SUM(rows), 0) AS rows, (SELECT ended - started FROM bounds) AS span_ms,
    COALESCE(SUM(CASE WHEN gap > @gap THEN gap END), 0) AS stopped_ms, COUNT(CASE WHEN gap > @gap THEN 1 END) AS stretches
  FROM gaps`;

interface ActiveTimeRecord {
  rows: number;
  span_ms: number | null;
  stopped_ms: number;
  stretches: number;
}

/**
 * How long a stopped run was running (shared/api RunActiveTime); null when it has no row with a readable stamp or its
 * own stamps do not read. Reads every row of the run (two columns): call it for a stopped run, not on every tick.
 */
export function runActiveTime(db: Db, runId: string): RunActiveTime | null {
  const record = statement<[{ run: string; gap: number }], ActiveTimeRecord>(db, ACTIVE_TIME_SQL).get({
    run: runId,
    gap: STOPPED_GAP_SECONDS * 1000,
  })!;
  if (record.rows === 0 || record.span_ms === null || record.span_ms < 0) return null;
  const stopped = Math.min(record.span_ms, record.stopped_ms);
  return {
    rows: record.rows,
    active_seconds: Math.round(record.span_ms - stopped) / 1000,
    stopped_seconds: Math.round(stopped) / 1000,
    stopped_stretches: record.stretches,
  };
}

/** The most stopped runs whose active time is kept per connection. */
const MAX_KEPT = 32;
const keptByDb = new WeakMap<Db, Map<string, { stamp: string; value: RunActiveTime | null }>>();

/**
 * A run's detail with its active time: read once it has stopped, null while it is queued or running. The time is kept
 * per run while its `updated_at` and `rows_done` stay (a row is stored in the same transaction as the run's count and
 * stamp), so the Conversations and Labels views, which read the run too, do not walk a 100,000-row run each time.
 */
export function withActiveTime<Detail extends { run: { id: string; status: string; updated_at: string; rows_done: number } }>(
  db: Db,
  detail: Detail,
): Detail & { active_time: RunActiveTime | null } {
  const { run } = detail;
  if (run.status === 'queued' || run.status === 'running') return { ...detail, active_time: null };
  let kept = keptByDb.get(db);
  if (!kept) keptByDb.set(db, (kept = new Map()));
  const stamp = `${run.updated_at}:${run.rows_done}`;
  const found = kept.get(run.id);
  if (found?.stamp === stamp) return { ...detail, active_time: found.value };
  const value = runActiveTime(db, run.id);
  kept.delete(run.id);
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(run.id, { stamp, value });
  return { ...detail, active_time: value };
}
