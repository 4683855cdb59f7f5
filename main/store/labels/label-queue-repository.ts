import type { LabelQueueOrder, QueueItem, QueueSnapshot } from '../../../shared/api/labels';
import { LABEL_VALUES, LabelValue } from '../../../shared/domain';
import { statement, type Db } from '../database';
import {
  frontCte,
  FRONT_SIZE,
  GOLD,
  JUDGE_VERDICT,
  MINE,
  MY_LABEL,
  orderedCtes,
  queueParameters,
  sortedPage,
  type QueueRequest,
} from './label-queue-sql';

/*
 * The labeling queue's pages: a run's rows in one of four orders (label-queue-sql.ts), paged, without reading a row
 * body, with the annotator's labels and the queue judge's verdicts.
 */

/** The newest label and grade ids of a run: a queue snapshot taken now. */
export function queueSnapshot(db: Db, runId: string): QueueSnapshot {
  const record = statement<[string, string, string], { label_id: number | null; grade_id: number | null; adjudication_id: number | null }>(
    db,
    `SELECT (SELECT MAX(id) FROM labels WHERE run_id = ?) AS label_id, (SELECT MAX(id) FROM grades WHERE run_id = ?) AS grade_id,
       (SELECT MAX(id) FROM adjudications WHERE run_id = ?) AS adjudication_id`,
  ).get(runId, runId, runId)!;
  return { label_id: record.label_id ?? 0, grade_id: record.grade_id ?? 0, adjudication_id: record.adjudication_id ?? 0 };
}

interface ItemRecord {
  row_id: string;
  ordinal: number;
  position: number;
  label: string | null;
  judge: QueueItem['judge'];
}

/**
 * The rows after the disagreements' front, in ordinal order from index rows_queue: `@offset`/`@limit` count places in
 * the whole queue, so a page that starts past the front skips only rows of the rest.
 */
const REST_PAGE = `SELECT row_id, ordinal,
      ${FRONT_SIZE} + MAX(@offset - ${FRONT_SIZE}, 0) + ROW_NUMBER() OVER (ORDER BY ordinal) - 1 AS position FROM (
      SELECT r.id AS row_id, r.ordinal AS ordinal FROM rows AS r INDEXED BY rows_queue
      WHERE r.run_id = @run_id AND r.ordinal >= 0 AND r.id NOT IN (SELECT row_id FROM front)
      ORDER BY r.ordinal LIMIT MAX(MIN(@limit, @offset + @limit - ${FRONT_SIZE}), 0) OFFSET MAX(@offset - ${FRONT_SIZE}, 0))`;

/** The `page` CTE (and the CTEs before it) of an order. */
function pageCtes(order: LabelQueueOrder): string {
  switch (order) {
    case 'generated':
      // As generated, a place is the count of rows before it: the page is read straight off the ordinal index.
      return `${orderedCtes(order)},
    page AS (SELECT row_id, ordinal, @offset + ROW_NUMBER() OVER (ORDER BY ordinal) - 1 AS position FROM (SELECT * FROM ordered ORDER BY
      ordinal LIMIT @limit OFFSET @offset))`;
    case 'disagreements':
    case 'conflicts':
      // The front sorted (a few rows), then the rest straight off the ordinal index: no sort of the run.
      return `WITH ${GOLD}, ${frontCte(order)},
    page AS (
      SELECT row_id, ordinal, position FROM (SELECT row_id, ordinal, ROW_NUMBER() OVER (ORDER BY ordinal) - 1 AS position FROM front)
      WHERE position >= @offset AND position < @offset + @limit
      UNION ALL
      ${REST_PAGE})`;
    case 'unsure':
    case 'stratified':
      return `WITH ${sortedPage(order)}`;
    default: {
      const unknown: never = order;
      throw new Error(`unknown queue order ${String(unknown)}`);
    }
  }
}

/** The SQL of one page of the queue: exported for the query-plan test. */
export function queuePageSql(order: LabelQueueOrder): string {
  return `${pageCtes(order)}
    SELECT page.row_id AS row_id, page.ordinal AS ordinal, page.position AS position, ${MY_LABEL} AS label,
      CASE WHEN @judge_name IS NULL THEN 'ungraded' ELSE COALESCE(${JUDGE_VERDICT}, 'ungraded') END AS judge
    FROM page ORDER BY page.position`;
}

/** The page of the queue at `offset`: row ids with the annotator's label and (unless blind) the judge's verdict. */
export function queuePage(db: Db, request: QueueRequest, offset: number, limit: number, isBlind: boolean): QueueItem[] {
  return statement<Record<string, unknown>, ItemRecord>(db, queuePageSql(request.order))
    .all({ ...queueParameters(request), offset, limit })
    .map((record) => ({
      row_id: record.row_id,
      ordinal: record.ordinal,
      position: record.position,
      label: record.label === null ? null : LabelValue.parse(record.label),
      judge: isBlind ? null : record.judge,
    }));
}

const NOT_MINE = 'NOT EXISTS (SELECT 1 FROM labels AS l WHERE l.run_id = @run_id AND l.row_id = ordered.row_id AND l.author IS @annotator)';

/** The SQL of firstUnlabelled per order. */
function firstUnlabelledSql(order: LabelQueueOrder): string {
  switch (order) {
    case 'generated':
      return `${orderedCtes('generated')},
         first AS (SELECT ordinal FROM ordered WHERE ${NOT_MINE} ORDER BY ordinal LIMIT 1)
         SELECT (SELECT COUNT(*) FROM rows WHERE run_id = @run_id AND ordinal < first.ordinal) AS position FROM first`;
    case 'disagreements':
    case 'conflicts':
      // In the front, its place there; else the rest's first (by ordinal) after the front and the rest's rows before it.
      return `WITH ${GOLD}, ${frontCte(order)},
         ordered AS (SELECT row_id, ordinal, ROW_NUMBER() OVER (ORDER BY ordinal) - 1 AS position FROM front),
         first AS (SELECT r.id AS row_id, r.ordinal AS ordinal FROM rows AS r INDEXED BY rows_queue
           WHERE r.run_id = @run_id AND r.ordinal >= 0 AND r.id NOT IN (SELECT row_id FROM front)
             AND NOT EXISTS (SELECT 1 FROM labels AS l WHERE l.run_id = @run_id AND l.row_id = r.id AND l.author IS @annotator)
           ORDER BY r.ordinal LIMIT 1)
         SELECT COALESCE(
           (SELECT MIN(position) FROM ordered WHERE ${NOT_MINE}),
           (SELECT ${FRONT_SIZE}
              + (SELECT COUNT(*) FROM rows INDEXED BY rows_queue WHERE run_id = @run_id AND ordinal >= 0 AND ordinal < first.ordinal)
              - (SELECT COUNT(*) FROM front WHERE front.ordinal < first.ordinal) FROM first)) AS position`;
    case 'unsure':
    case 'stratified':
      return `${orderedCtes(order)} SELECT MIN(position) AS position FROM ordered WHERE row_id NOT IN (${MINE})`;
    default: {
      const unknown: never = order;
      throw new Error(`unknown queue order ${String(unknown)}`);
    }
  }
}

/** The place of the first row the annotator has not labelled at all, or null when every row has their label. */
export function firstUnlabelled(db: Db, request: QueueRequest): number | null {
  return (
    statement<Record<string, unknown>, { position: number | null }>(db, firstUnlabelledSql(request.order)).get(queueParameters(request))
      ?.position ?? null
  );
}

/** A row of the run in an order: its id and ordinal. */
export interface OrderedRow {
  row_id: string;
  ordinal: number;
}

/**
 * Every row of the run in a sorted order (unsure, stratified), first to last: the places queuePage and
 * firstUnlabelled number. Read whole (about twice a page's cost) so that pages of it are kept and sliced.
 */
export function sortedOrderRows(db: Db, request: QueueRequest & { order: 'unsure' | 'stratified' }): OrderedRow[] {
  return statement<Record<string, unknown>, OrderedRow>(
    db,
    `${orderedCtes(request.order)} SELECT row_id, ordinal FROM ordered ORDER BY position`,
  ).all(queueParameters(request));
}

/**
 * The rows at places `offset` to `offset + limit` of a sorted order (unsure, stratified), in order: the rows of
 * queuePage's page, sorted with LIMIT as it sorts them, without their labels and verdicts (queueItemsOf).
 */
export function sortedPageRows(
  db: Db,
  request: QueueRequest & { order: 'unsure' | 'stratified' },
  offset: number,
  limit: number,
): OrderedRow[] {
  return statement<Record<string, unknown>, OrderedRow>(
    db,
    `WITH ${sortedPage(request.order)} SELECT row_id, ordinal FROM page ORDER BY position`,
  ).all({
    ...queueParameters(request),
    offset,
    limit,
  });
}

/** The annotator's label and (unless blind) the queue judge's verdict on one row, as queuePage gives them. */
const ITEM_SQL = `SELECT ${MY_LABEL.replace('page.row_id', '@row_id')} AS label,
  CASE WHEN @judge_name IS NULL THEN 'ungraded' ELSE COALESCE(${JUDGE_VERDICT.replace('page.row_id', '@row_id')}, 'ungraded') END AS judge`;

/** The items of `rows` (a slice of an order starting at place `offset`), each read by index. */
export function queueItemsOf(db: Db, request: QueueRequest, rows: readonly OrderedRow[], offset: number, isBlind: boolean): QueueItem[] {
  const read = statement<Record<string, unknown>, { label: string | null; judge: QueueItem['judge'] }>(db, ITEM_SQL);
  const base = queueParameters(request);
  return rows.map((row, index) => {
    const record = read.get({ ...base, row_id: row.row_id })!;
    return {
      row_id: row.row_id,
      ordinal: row.ordinal,
      position: offset + index,
      label: record.label === null ? null : LabelValue.parse(record.label),
      judge: isBlind ? null : record.judge,
    };
  });
}

/** The rows the annotator has labelled (any label, any time). */
export function annotatorRowIds(db: Db, runId: string, annotator: string | null): Set<string> {
  return new Set(
    statement<Record<string, unknown>, { row_id: string }>(db, MINE)
      .all({ run_id: runId, annotator })
      .map((record) => record.row_id),
  );
}

/** The annotator's latest label per row, counted by value (now, not as of the snapshot). */
export function annotatorLabelCounts(db: Db, runId: string, annotator: string | null): Record<LabelValue, number> {
  const records = statement<{ run_id: string; annotator: string | null }, { label: string; n: number }>(
    db,
    `SELECT l.label AS label, COUNT(*) AS n FROM labels AS l
     WHERE l.id IN (SELECT MAX(id) FROM labels WHERE run_id = @run_id AND author IS @annotator GROUP BY row_id)
     GROUP BY l.label`,
  ).all({ run_id: runId, annotator });
  const counts = Object.fromEntries(LABEL_VALUES.map((value) => [value, 0])) as Record<LabelValue, number>;
  for (const record of records) counts[LabelValue.parse(record.label)] += record.n;
  return counts;
}

/** Rows of a run (index rows on run_id and ordinal). */
export function queueTotal(db: Db, runId: string): number {
  return statement<[string], { n: number }>(db, 'SELECT COUNT(*) AS n FROM rows WHERE run_id = ?').get(runId)!.n;
}
