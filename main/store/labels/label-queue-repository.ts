import { judgeKey } from '../../../shared/api/grades';
import type { LabelQueueOrder, QueueItem, QueueSnapshot, StoredLabel } from '../../../shared/api/labels';
import { LABEL_VALUES, LabelKind, LabelValue, PASS_THRESHOLD } from '../../../shared/domain';
import { statement, type Db } from '../database';

/*
 * The labeling queue in SQL: a run's rows in one of four orders, paged, without reading a row body. Orders that
 * depend on labels and grades read them as of a snapshot (the newest label and grade ids when the queue was
 * opened), so later pages keep the first page's order while the person labels.
 */

/** The judge whose verdicts order the queue; null when nothing graded the run. */
export interface QueueJudge {
  judge_name: string;
  version: string | null;
}

export interface QueueRequest {
  runId: string;
  order: LabelQueueOrder;
  judge: QueueJudge | null;
  /** The annotator's name; null means the unsigned labels are theirs. */
  annotator: string | null;
  snapshot: QueueSnapshot;
}

function parameters(request: QueueRequest): Record<string, string | number | null> {
  return {
    run_id: request.runId,
    judge_name: request.judge?.judge_name ?? null,
    version: request.judge?.version ?? null,
    annotator: request.annotator,
    label_cutoff: request.snapshot.label_id,
    grade_cutoff: request.snapshot.grade_id,
    threshold: PASS_THRESHOLD,
  };
}

/**
 * `j`: the queue judge's latest grade on a row as of the snapshot, joined by primary key from a seek in index
 * grades_latest. `gold`: per row, the pass and fail votes of each author's latest label plus every unsigned one
 * (engine goldOf), and whether any of them marks the row simulator_error, as of the snapshot (index
 * labels_latest); small next to the run, so materialized once and joined by row id.
 */
const JUDGED_JOIN = `LEFT JOIN grades AS j ON j.id = (
    SELECT MAX(g.id) FROM grades AS g
    WHERE g.run_id = @run_id AND g.judge_name = @judge_name AND json_extract(g.provenance, '$.version') IS @version AND g.row_id = r.id AND g.id <= @grade_cutoff)`;

const GOLD = `votes AS (
    SELECT l.row_id AS row_id, l.label AS label FROM labels AS l
    WHERE l.run_id = @run_id AND l.id <= @label_cutoff
      AND (l.author IS NULL OR l.id = (
        SELECT MAX(l2.id) FROM labels AS l2
        WHERE l2.run_id = l.run_id AND l2.row_id = l.row_id AND l2.author = l.author AND l2.id <= @label_cutoff))
  ),
  gold AS MATERIALIZED (
    SELECT row_id,
      CASE WHEN SUM(label = 'pass') > SUM(label = 'fail') THEN 1 WHEN SUM(label = 'fail') > SUM(label = 'pass') THEN 0 END AS verdict,
      MAX(label = 'simulator_error') AS is_excluded
    FROM votes GROUP BY row_id
  )`;

/** `j` as in JUDGED_JOIN, for the rows of `gold` only (a disagreement needs gold): a seek per gold row, not per row. */
const GOLD_JUDGED_JOIN = JUDGED_JOIN.replace('g.row_id = r.id', 'g.row_id = gold.row_id');

const JUDGE_VERDICT_OF = 'CASE WHEN j.reward IS NULL THEN NULL WHEN j.reward >= @threshold THEN 1 ELSE 0 END';
const DISAGREES = `${JUDGE_VERDICT_OF} IS NOT NULL AND gold.verdict IS NOT NULL AND ${JUDGE_VERDICT_OF} <> gold.verdict AND NOT gold.is_excluded`;

/**
 * `front`: the rows the disagreements order puts first (the judge disagrees with gold as of the snapshot), a few:
 * found from gold, never by reading every row. Every other row follows in ordinal order.
 */
const FRONT = `front AS MATERIALIZED (
    SELECT r.id AS row_id, r.ordinal AS ordinal FROM gold CROSS JOIN rows AS r ON r.id = gold.row_id AND r.run_id = @run_id ${GOLD_JUDGED_JOIN}
    WHERE ${DISAGREES}
  )`;

/** The size of `front`. */
const FRONT_SIZE = '(SELECT COUNT(*) FROM front)';

/**
 * Per order but disagreements (a front and the rest, below), the CTEs it reads and the sort key over `rows AS r`
 * joined to them; every order ends on the ordinal, so it is total and the same on every call. Only what an order
 * sorts by is read: `generated` walks the (run_id, ordinal) index alone.
 */
const ORDERS: Record<Exclude<LabelQueueOrder, 'disagreements'>, { ctes: string[]; joins: string; keys: string[] }> = {
  generated: { ctes: [], joins: '', keys: [] },
  // Unsure first, then rows the judge could not judge, then rewards nearest even, then rows it never graded.
  unsure: {
    ctes: [],
    joins: JUDGED_JOIN,
    keys: [
      'CASE WHEN j.unsure THEN 0 WHEN j.id IS NOT NULL AND j.reward IS NULL THEN 1 WHEN j.id IS NOT NULL THEN 2 ELSE 3 END',
      'ABS(j.reward - @threshold)',
    ],
  },
  // Round-robin over the six-axis coverage cells (index rows_coordinates): each cell's first row, then each one's second...
  stratified: { ctes: [], joins: '', keys: ['r.cell_round'] },
};

/** An order's sort key over `rows AS r` and its joins: its keys, then the ordinal. */
const sortOf = (order: Exclude<LabelQueueOrder, 'disagreements'>) => [...ORDERS[order].keys, 'r.ordinal'].join(', ');

/**
 * The run's rows as `r` (id, ordinal; stratified, each one's round in its cell) with an order's joins. Orders other
 * than `generated` read the run's ids and ordinals from the covering partial indexes of migration 007
 * (`ordinal >= 0` holds for every row and is the term that reaches them), never the rows themselves.
 */
function sortedFrom(order: 'unsure' | 'stratified'): string {
  return order === 'stratified'
    ? `(SELECT id, ordinal, ROW_NUMBER() OVER (PARTITION BY tool, rule, stance, world_state, tool_condition, history ORDER BY ordinal) AS cell_round
          FROM rows INDEXED BY rows_queue_cells WHERE run_id = @run_id AND ordinal >= 0) AS r`
    : `rows AS r INDEXED BY rows_queue ${ORDERS[order].joins} WHERE r.run_id = @run_id AND r.ordinal >= 0`;
}

/** `ordered`: the run's row ids with their place in the order (every row's: for the first unlabelled one). */
function orderedCtes(order: Exclude<LabelQueueOrder, 'disagreements'>): string {
  const ordered =
    order === 'generated'
      ? `ordered AS (SELECT r.id AS row_id, r.ordinal AS ordinal FROM rows AS r WHERE r.run_id = @run_id)`
      : `ordered AS (SELECT r.id AS row_id, r.ordinal AS ordinal, ROW_NUMBER() OVER (ORDER BY ${sortOf(order)}) - 1 AS position FROM ${sortedFrom(order)})`;
  return `WITH ${[...ORDERS[order].ctes, ordered].join(',\n  ')}`;
}

/**
 * A page of a sorted order: the rows up to its end sorted with LIMIT (a sorter that keeps offset + limit rows, not
 * the run: about half the cost of numbering every row at the front of the queue), each numbered by its keys.
 */
function sortedPage(order: 'unsure' | 'stratified'): string {
  const keys = ORDERS[order].keys;
  const named = keys.map((key, index) => `${key} AS k${index}`).join(', ');
  const byKeys = [...keys.map((_, index) => `k${index}`), 'ordinal'].join(', ');
  return `page AS (SELECT row_id, ordinal, @offset + ROW_NUMBER() OVER (ORDER BY ${byKeys}) - 1 AS position FROM (
      SELECT r.id AS row_id, r.ordinal AS ordinal, ${named} FROM ${sortedFrom(order)} ORDER BY ${sortOf(order)} LIMIT @limit OFFSET @offset))`;
}

/** The annotator's latest label on a row (index labels_latest). */
const MY_LABEL = `(SELECT l.label FROM labels AS l WHERE l.run_id = @run_id AND l.row_id = page.row_id AND l.author IS @annotator ORDER BY l.id DESC LIMIT 1)`;

/** The queue judge's current verdict on a row, as the conversations table names verdicts. */
const JUDGE_VERDICT = `(SELECT CASE WHEN g.unsure = 1 THEN 'unsure' WHEN g.reward IS NULL THEN 'error' WHEN g.reward >= @threshold THEN 'pass' ELSE 'fail' END
  FROM grades AS g WHERE g.run_id = @run_id AND g.judge_name = @judge_name AND json_extract(g.provenance, '$.version') IS @version AND g.row_id = page.row_id
  ORDER BY g.id DESC LIMIT 1)`;

/** The newest label and grade ids of a run: a queue snapshot taken now. */
export function queueSnapshot(db: Db, runId: string): QueueSnapshot {
  const record = statement<[string, string], { label_id: number | null; grade_id: number | null }>(
    db,
    'SELECT (SELECT MAX(id) FROM labels WHERE run_id = ?) AS label_id, (SELECT MAX(id) FROM grades WHERE run_id = ?) AS grade_id',
  ).get(runId, runId)!;
  return { label_id: record.label_id ?? 0, grade_id: record.grade_id ?? 0 };
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
const REST_PAGE = `SELECT row_id, ordinal, ${FRONT_SIZE} + MAX(@offset - ${FRONT_SIZE}, 0) + ROW_NUMBER() OVER (ORDER BY ordinal) - 1 AS position FROM (
      SELECT r.id AS row_id, r.ordinal AS ordinal FROM rows AS r INDEXED BY rows_queue
      WHERE r.run_id = @run_id AND r.ordinal >= 0 AND r.id NOT IN (SELECT row_id FROM front)
      ORDER BY r.ordinal LIMIT MAX(MIN(@limit, @offset + @limit - ${FRONT_SIZE}), 0) OFFSET MAX(@offset - ${FRONT_SIZE}, 0))`;

/** The `page` CTE (and the CTEs before it) of an order. */
function pageCtes(order: LabelQueueOrder): string {
  switch (order) {
    case 'generated':
      // As generated, a place is the count of rows before it: the page is read straight off the ordinal index.
      return `${orderedCtes(order)},
    page AS (SELECT row_id, ordinal, @offset + ROW_NUMBER() OVER (ORDER BY ordinal) - 1 AS position FROM (SELECT * FROM ordered ORDER BY ordinal LIMIT @limit OFFSET @offset))`;
    case 'disagreements':
      // The front sorted (a few rows), then the rest straight off the ordinal index: no sort of the run.
      return `WITH ${GOLD}, ${FRONT},
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
    .all({ ...parameters(request), offset, limit })
    .map((record) => ({
      row_id: record.row_id,
      ordinal: record.ordinal,
      position: record.position,
      label: record.label === null ? null : LabelValue.parse(record.label),
      judge: isBlind ? null : record.judge,
    }));
}

const NOT_MINE = 'NOT EXISTS (SELECT 1 FROM labels AS l WHERE l.run_id = @run_id AND l.row_id = ordered.row_id AND l.author IS @annotator)';

/** The annotator's labelled rows, a few: read once, so each row of a sorted order is checked without a seek. */
const MINE = 'SELECT l.row_id FROM labels AS l WHERE l.run_id = @run_id AND l.author IS @annotator';

/** The SQL of firstUnlabelled per order. */
function firstUnlabelledSql(order: LabelQueueOrder): string {
  switch (order) {
    case 'generated':
      return `${orderedCtes('generated')},
         first AS (SELECT ordinal FROM ordered WHERE ${NOT_MINE} ORDER BY ordinal LIMIT 1)
         SELECT (SELECT COUNT(*) FROM rows WHERE run_id = @run_id AND ordinal < first.ordinal) AS position FROM first`;
    case 'disagreements':
      // In the front, its place there; else the rest's first (by ordinal) after the front and the rest's rows before it.
      return `WITH ${GOLD}, ${FRONT},
         ordered AS (SELECT row_id, ordinal, ROW_NUMBER() OVER (ORDER BY ordinal) - 1 AS position FROM front),
         first AS (SELECT r.id AS row_id, r.ordinal AS ordinal FROM rows AS r INDEXED BY rows_queue
           WHERE r.run_id = @run_id AND r.ordinal >= 0 AND r.id NOT IN (SELECT row_id FROM front)
             AND NOT EXISTS (SELECT 1 FROM labels AS l WHERE l.run_id = @run_id AND l.row_id = r.id AND l.author IS @annotator)
           ORDER BY r.ordinal LIMIT 1)
         SELECT COALESCE(
           (SELECT MIN(position) FROM ordered WHERE ${NOT_MINE}),
           (SELECT ${FRONT_SIZE} + (SELECT COUNT(*) FROM rows INDEXED BY rows_queue WHERE run_id = @run_id AND ordinal >= 0 AND ordinal < first.ordinal)
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
    statement<Record<string, unknown>, { position: number | null }>(db, firstUnlabelledSql(request.order)).get(parameters(request))
      ?.position ?? null
  );
}

export interface QueueCounts {
  total: number;
  gold: number;
  disagreements: number;
  unsure: number;
  cells: number;
}

/**
 * Rows whose latest grade by the queue judge (as of the snapshot) is unsure. Such grades are few: read from the
 * partial index grades_doubtful (006; reached by the version spelled as json_extract and the term
 * `(reward IS NULL OR unsure = 1)`), each checked to be its row's latest with one seek in grades_latest, instead of
 * finding every row's latest grade (about 0.3 s at 100,000 rows).
 */
const UNSURE_COUNT = `SELECT COUNT(*) FROM grades AS u
    WHERE u.run_id = @run_id AND u.judge_name = @judge_name AND json_extract(u.provenance, '$.version') IS @version
      AND (u.reward IS NULL OR u.unsure = 1) AND u.unsure = 1 AND +u.id <= @grade_cutoff
      AND u.id = (SELECT MAX(g.id) FROM grades AS g
        WHERE g.run_id = @run_id AND g.judge_name = @judge_name AND json_extract(g.provenance, '$.version') IS @version AND g.row_id = u.row_id AND g.id <= @grade_cutoff)
      AND EXISTS (SELECT 1 FROM rows AS r WHERE r.id = u.row_id AND r.run_id = @run_id)`;

/** The SQL of the unsure count: exported for the query-plan test. */
export const QUEUE_UNSURE_COUNT_SQL = UNSURE_COUNT;

/** Counts over the whole queue as of the snapshot. */
export function queueCounts(db: Db, request: QueueRequest): QueueCounts {
  return { ...queueRowCounts(db, request.runId), ...queueGoldCounts(db, request), unsure: queueUnsureCount(db, request) };
}

/** The run's rows and coverage cells: from the rows alone. */
export function queueRowCounts(db: Db, runId: string): Pick<QueueCounts, 'total' | 'cells'> {
  return statement<{ run_id: string }, Pick<QueueCounts, 'total' | 'cells'>>(
    db,
    `SELECT (SELECT COUNT(*) FROM rows WHERE run_id = @run_id) AS total,
      (SELECT COUNT(*) FROM (SELECT 1 FROM rows WHERE run_id = @run_id GROUP BY tool, rule, stance, world_state, tool_condition, history)) AS cells`,
  ).get({ run_id: runId })!;
}

/** Rows with gold and disagreements as of the snapshot: from labels, and the queue judge's grades on gold rows. */
export function queueGoldCounts(db: Db, request: QueueRequest): Pick<QueueCounts, 'gold' | 'disagreements'> {
  const sql = `WITH ${GOLD}
    SELECT
      (SELECT COUNT(*) FROM gold WHERE verdict IS NOT NULL AND NOT is_excluded) AS gold,
      (SELECT COUNT(*) FROM gold JOIN rows AS r ON r.id = gold.row_id ${JUDGED_JOIN} WHERE ${DISAGREES}) AS disagreements`;
  return statement<Record<string, unknown>, Pick<QueueCounts, 'gold' | 'disagreements'>>(db, sql).get(parameters(request))!;
}

/** Rows whose queue judge's latest grade (as of the snapshot) is unsure: from grades and rows. */
export function queueUnsureCount(db: Db, request: QueueRequest): number {
  return statement<Record<string, unknown>, { n: number }>(db, `SELECT (${UNSURE_COUNT}) AS n`).get(parameters(request))!.n;
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
  ).all(parameters(request));
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
    ...parameters(request),
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
  const base = parameters(request);
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

/** The (judge_name, version) key of grade `step.id` in index grades_latest. */
const STEP_KEY = `(SELECT judge_name FROM grades WHERE id = step.id)`;
const STEP_VERSION = `(SELECT json_extract(provenance, '$.version') FROM grades WHERE id = step.id)`;
const KEY_ORDER = `ORDER BY g.judge_name, json_extract(g.provenance, '$.version')`;

/**
 * Every judge name and version that graded a run, by a skip scan of index grades_latest: from one key, a seek to
 * the first entry of the next (a later version of the same judge, else the next judge), so the cost is a few seeks
 * per judge, not a walk of every grade (about 70 ms at 100,000 rows). Versions are JSON values: NULL sorts first,
 * and `>= -9e999` (minus infinity: true of every number and text) is "not NULL" as a range the index can seek.
 */
export const GRADING_JUDGES_SQL = `WITH RECURSIVE step(id) AS (
    SELECT (SELECT g.id FROM grades AS g WHERE g.run_id = @run_id ${KEY_ORDER} LIMIT 1)
    UNION ALL
    SELECT COALESCE(
      (SELECT g.id FROM grades AS g WHERE g.run_id = @run_id AND g.judge_name = ${STEP_KEY}
        AND json_extract(g.provenance, '$.version') > ${STEP_VERSION} ${KEY_ORDER} LIMIT 1),
      CASE WHEN ${STEP_VERSION} IS NULL THEN (SELECT g.id FROM grades AS g WHERE g.run_id = @run_id AND g.judge_name = ${STEP_KEY}
        AND json_extract(g.provenance, '$.version') >= -9e999 ${KEY_ORDER} LIMIT 1) END,
      (SELECT g.id FROM grades AS g WHERE g.run_id = @run_id AND g.judge_name > ${STEP_KEY} ${KEY_ORDER} LIMIT 1))
    FROM step WHERE step.id IS NOT NULL
  )
  SELECT g.judge_name AS judge_name, json_extract(g.provenance, '$.version') AS version FROM step JOIN grades AS g ON g.id = step.id`;

export function gradingJudgeKeys(db: Db, runId: string): { judge_key: string; judge_name: string; version: string | null }[] {
  return statement<{ run_id: string }, { judge_name: string; version: string | null }>(db, GRADING_JUDGES_SQL)
    .all({ run_id: runId })
    .map((record) => ({ judge_key: judgeKey(record.judge_name, record.version), judge_name: record.judge_name, version: record.version }));
}

/*
 * Reads by row for the trust panel (agreement-service): after a label on a new row, only that row's identity and
 * grades are read, not every labelled row's again.
 */

/** The SQL of one row's identity (exported for the query-plan test). */
export const ROW_IDENTITY_SQL = 'SELECT id, scenario_id, ordinal FROM rows WHERE id = ? AND run_id = ?';

/** Rows of a run by id (id, scenario_id, ordinal), by primary key; ids of other runs or of no row are left out. */
export function rowIdentitiesOf(db: Db, runId: string, rowIds: readonly string[]): { id: string; scenario_id: string; ordinal: number }[] {
  const read = statement<[string, string], { id: string; scenario_id: string; ordinal: number }>(db, ROW_IDENTITY_SQL);
  return rowIds.flatMap((rowId) => {
    const found = read.get(rowId, runId);
    return found ? [found] : [];
  });
}

/** Every grade of one row of a run, oldest first (index grades_row), as labelledRowGrades reads them. */
export const ROW_GRADES_SQL = `SELECT g.row_id AS row_id, g.judge_name AS judge_name, json_extract(g.provenance, '$.version') AS version,
    g.reward AS reward, g.unsure AS unsure
  FROM grades AS g WHERE g.row_id = ? AND +g.run_id = ? ORDER BY g.id`;

export function rowGrades(
  db: Db,
  runId: string,
  rowId: string,
): { row_id: string; judge_name: string; version: string | null; reward: number | null; unsure: boolean }[] {
  return statement<[string, string], { row_id: string; judge_name: string; version: string | null; reward: number | null; unsure: number }>(
    db,
    ROW_GRADES_SQL,
  )
    .all(rowId, runId)
    .map((record) => ({ ...record, unsure: record.unsure === 1 }));
}

/** The newest label id of the store (any run), 0 when there is none. */
export function newestLabelId(db: Db): number {
  return statement<[], { id: number | null }>(db, 'SELECT MAX(id) AS id FROM labels').get()!.id ?? 0;
}

/** Labels of the store (any run) newer than `afterId`: with the change counter, whether only inserts happened since. */
export function countLabelsAfter(db: Db, afterId: number): number {
  return statement<[number], { n: number }>(db, 'SELECT COUNT(*) AS n FROM labels WHERE id > ?').get(afterId)!.n;
}

/** A run's labels newer than an id: a range of ids (the unary + keeps the planner off the run's index). */
export const RUN_LABELS_AFTER_SQL =
  'SELECT id, run_id, row_id, label, kind, author, note, created_at FROM labels WHERE +run_id = ? AND id > ? ORDER BY id';

/** A run's labels newer than `afterId`, oldest first, as listLabels gives them. */
export function runLabelsAfter(db: Db, runId: string, afterId: number): StoredLabel[] {
  return statement<[string, number], Omit<StoredLabel, 'label' | 'kind'> & { label: string; kind: string }>(db, RUN_LABELS_AFTER_SQL)
    .all(runId, afterId)
    .map((record) => ({ ...record, label: LabelValue.parse(record.label), kind: LabelKind.parse(record.kind) }));
}
