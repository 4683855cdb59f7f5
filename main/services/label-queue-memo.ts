import type { QueueItem, QueueSnapshot } from '../../shared/api/labels';
import { firstUnlabelled, queueCounts, queuePage, queueSnapshot, queueTotal, type QueueCounts, type QueueRequest } from '../store/label-queue-repository';
import { newestGradingJudge, type NewestJudge } from '../store/newest-judge-repository';
import { memoOnStore } from '../store/store-memo';
import type { AppContext } from './app-context';
import { gradedJudges } from './grading-service';

/*
 * What the queue's first page reads over the whole run (the judges that graded it, the snapshot, the counts, the
 * page's rows, where the first unlabelled row is), kept per store version (store-memo): asked again, or for the
 * first page of another order, none of it is read again (0.2 to 0.4 s at 100,000 rows) until something is written
 * to the store. Keys name every input of the query, so a kept value is the one the query would give.
 */

const requestKey = (request: QueueRequest) =>
  [request.runId, request.judge?.judge_name ?? null, request.judge?.version ?? null, request.snapshot.label_id, request.snapshot.grade_id];

/** gradedJudges, kept per store version. */
export function keptGradedJudges(context: AppContext, runId: string): ReturnType<typeof gradedJudges> {
  return memoOnStore(context.db, JSON.stringify(['graded-judges', runId]), () => gradedJudges(context, runId));
}

/** newestGradingJudge (chooseJudge over gradedJudges with no name given), kept per store version. */
export function keptNewestJudge(context: AppContext, runId: string): NewestJudge | null {
  return memoOnStore(context.db, JSON.stringify(['newest-judge', runId]), () => newestGradingJudge(context.db, runId));
}

/** queueCounts (the same for every order and annotator), kept per store version. */
export function keptQueueCounts(context: AppContext, request: QueueRequest): QueueCounts {
  return memoOnStore(context.db, JSON.stringify(['queue-counts', ...requestKey(request)]), () => queueCounts(context.db, request));
}

/** firstUnlabelled, kept per store version. */
export function keptFirstUnlabelled(context: AppContext, request: QueueRequest): number | null {
  const key = JSON.stringify(['first-unlabelled', request.order, request.annotator, ...requestKey(request)]);
  return memoOnStore(context.db, key, () => firstUnlabelled(context.db, request));
}

/** queuePage, kept per store version: one page kept serves blind mode too (the judge's verdicts left out). */
export function keptQueuePage(context: AppContext, request: QueueRequest, offset: number, limit: number, isBlind: boolean): QueueItem[] {
  const key = JSON.stringify(['queue-page', request.order, request.annotator, ...requestKey(request), offset, limit]);
  const items = memoOnStore(context.db, key, () => queuePage(context.db, request, offset, limit, false));
  return isBlind ? items.map((item) => ({ ...item, judge: null })) : items;
}

/** queueSnapshot (a walk of the run's grade ids, about 10 ms at 100,000 rows), kept per store version. */
export function keptQueueSnapshot(context: AppContext, runId: string): QueueSnapshot {
  return memoOnStore(context.db, JSON.stringify(['queue-snapshot', runId]), () => queueSnapshot(context.db, runId));
}

/** queueTotal, kept per store version. */
export function keptQueueTotal(context: AppContext, runId: string): number {
  return memoOnStore(context.db, JSON.stringify(['queue-total', runId]), () => queueTotal(context.db, runId));
}
