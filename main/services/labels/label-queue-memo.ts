import type { QueueItem, QueueSnapshot } from '../../../shared/api/labels';
import { queueGoldCounts, queueRowCounts, queueUnsureCount, type QueueCounts } from '../../store/labels/label-queue-counts-repository';
import {
  annotatorRowIds,
  firstUnlabelled,
  queueItemsOf,
  queuePage,
  queueSnapshot,
  queueTotal,
  sortedOrderRows,
  sortedPageRows,
  type OrderedRow,
} from '../../store/labels/label-queue-repository';
import { type QueueRequest } from '../../store/labels/label-queue-sql';
import { newestGradingJudge, type NewestJudge } from '../../store/grades/newest-judge-repository';
import { memoOnStore, memoOnTables } from '../../store/store-memo';
import type { AppContext } from '../app/app-context';
import { gradedJudges } from '../grading/grading-service';

/*
 * What the queue's first page reads over the whole run (the judges that graded it, the snapshot, the counts, the
 * page's rows, where the first unlabelled row is), kept per store version (store-memo): asked again, or for the
 * first page of another order, none of it is read again (0.2 to 0.4 s at 100,000 rows) until something is written
 * to the store. What does not depend on labels is kept per version of the tables it reads (memoOnTables): the rows
 * and cells counted, the judge's unsure rows, and the whole of each sorted order (unsure, stratified), so after a
 * label only the labels are read again. Keys name every input of the query, so a kept value is the one the query
 * would give.
 */

const requestKey = (request: QueueRequest) => [
  request.runId,
  request.judge?.judge_name ?? null,
  request.judge?.version ?? null,
  request.snapshot.label_id,
  request.snapshot.grade_id,
  request.snapshot.adjudication_id,
];

/** gradedJudges, kept per store version. */
export function keptGradedJudges(context: AppContext, runId: string): ReturnType<typeof gradedJudges> {
  return memoOnStore(context.db, JSON.stringify(['graded-judges', runId]), () => gradedJudges(context, runId));
}

/** newestGradingJudge (chooseJudge over gradedJudges with no name given), kept per store version. */
export function keptNewestJudge(context: AppContext, runId: string): NewestJudge | null {
  return memoOnStore(context.db, JSON.stringify(['newest-judge', runId]), () => newestGradingJudge(context.db, runId));
}

/**
 * queueCounts (the same for every order and annotator): rows and cells kept while the rows stay, unsure rows while
 * the rows and grades stay, gold and disagreements (from labels) per store version.
 */
export function keptQueueCounts(context: AppContext, request: QueueRequest): QueueCounts {
  const { db } = context;
  const judgeKey = [request.judge?.judge_name ?? null, request.judge?.version ?? null];
  const rows = memoOnTables(db, ['rows'], JSON.stringify(['queue-row-counts', request.runId]), () => queueRowCounts(db, request.runId));
  const unsure = memoOnTables(
    db,
    ['rows', 'grades'],
    JSON.stringify(['queue-unsure', request.runId, ...judgeKey, request.snapshot.grade_id]),
    () => queueUnsureCount(db, request),
  );
  const gold = memoOnStore(db, JSON.stringify(['queue-gold-counts', ...requestKey(request)]), () => queueGoldCounts(db, request));
  return { ...rows, ...gold, unsure };
}

const isSorted = (order: QueueRequest['order']): order is 'unsure' | 'stratified' => order === 'unsure' || order === 'stratified';

/**
 * What a sorted order reads, kept while its tables stay: stratified from the rows alone, unsure from the rows and the
 * queue judge's grades as of the snapshot (its variant). One value per run, order and page, so a label never drops them.
 */
function keptOnOrderTables<T>(
  context: AppContext,
  request: QueueRequest & { order: 'unsure' | 'stratified' },
  what: unknown[],
  compute: () => T,
): T {
  const key = JSON.stringify([...what, request.runId, request.order]);
  if (request.order === 'stratified') return memoOnTables(context.db, ['rows'], key, compute);
  const variant = JSON.stringify([request.judge?.judge_name ?? null, request.judge?.version ?? null, request.snapshot.grade_id]);
  return memoOnTables(context.db, ['rows', 'grades'], key, compute, { variant });
}

/** The whole of a sorted order (about three pages' cost): read only to find a first unlabelled row past the first page. */
function keptSortedOrder(context: AppContext, request: QueueRequest & { order: 'unsure' | 'stratified' }): OrderedRow[] {
  return keptOnOrderTables(context, request, ['sorted-order'], () => sortedOrderRows(context.db, request));
}

/** The rows of one page of a sorted order, sorted with LIMIT as queuePage sorts them. */
function keptSortedPage(
  context: AppContext,
  request: QueueRequest & { order: 'unsure' | 'stratified' },
  offset: number,
  limit: number,
): OrderedRow[] {
  return keptOnOrderTables(context, request, ['sorted-page', offset, limit], () => sortedPageRows(context.db, request, offset, limit));
}

/** firstUnlabelled, kept per store version (a sorted order: its first row the annotator has not labelled). */
export function keptFirstUnlabelled(context: AppContext, request: QueueRequest): number | null {
  const key = JSON.stringify(['first-unlabelled', request.order, request.annotator, ...requestKey(request)]);
  return memoOnStore(context.db, key, () => {
    if (!isSorted(request.order)) return firstUnlabelled(context.db, request);
    const mine = annotatorRowIds(context.db, request.runId, request.annotator);
    const position = keptSortedOrder(context, { ...request, order: request.order }).findIndex((row) => !mine.has(row.row_id));
    return position === -1 ? null : position;
  });
}

/** queuePage, kept per store version: one page kept serves blind mode too (the judge's verdicts left out). */
export function keptQueuePage(context: AppContext, request: QueueRequest, offset: number, limit: number, isBlind: boolean): QueueItem[] {
  const key = JSON.stringify(['queue-page', request.order, request.annotator, ...requestKey(request), offset, limit]);
  const items = memoOnStore(context.db, key, () => {
    if (!isSorted(request.order)) return queuePage(context.db, request, offset, limit, false);
    return queueItemsOf(context.db, request, keptSortedPage(context, { ...request, order: request.order }, offset, limit), offset, false);
  });
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
