import type { RunDetail, RunEnd, RunProgress } from '../../../shared/api';
import type { BatchRecord } from '../../../shared/domain';

/** Puts a batch in its place by number (a batch seen twice is replaced, not repeated). */
export function withBatch(batches: readonly BatchRecord[], batch: BatchRecord): BatchRecord[] {
  const others = batches.filter((each) => each.batch !== batch.batch);
  return [...others, batch].sort((a, b) => a.batch - b.batch);
}

/** The run as a progress event leaves it: running, its row count, and the batch that just finished. */
export function applyProgress(detail: RunDetail, progress: RunProgress): RunDetail {
  const run = {
    ...detail.run,
    status: progress.status,
    rows_done: Math.max(detail.run.rows_done, progress.rows_done),
    ...(progress.batch ? { pairwise: progress.batch.pairwise } : {}),
  };
  return { ...detail, run, batches: progress.batch ? withBatch(detail.batches, progress.batch) : detail.batches };
}

export function applyEnd(detail: RunDetail, end: RunEnd): RunDetail {
  return { ...detail, run: { ...detail.run, status: end.status, stopped_because: end.stopped_because } };
}
