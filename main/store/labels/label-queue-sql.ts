import type { LabelQueueOrder, QueueSnapshot } from '../../../shared/api/labels';
import { PASS_THRESHOLD } from '../../../shared/domain';

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

export function queueParameters(request: QueueRequest): Record<string, string | number | null> {
  return {
    run_id: request.runId,
    judge_name: request.judge?.judge_name ?? null,
    version: request.judge?.version ?? null,
    annotator: request.annotator,
    label_cutoff: request.snapshot.label_id,
    grade_cutoff: request.snapshot.grade_id,
    adjudication_cutoff: request.snapshot.adjudication_id,
    threshold: PASS_THRESHOLD,
  };
}

/**
 * `j`: the queue judge's latest grade on a row as of the snapshot, joined by primary key from a seek in index
 * grades_latest. `gold`: per row, as of the snapshot, its gold as agreement counts it (engine rowGold): the settled
 * label (latest adjudication), else the pass or fail every vote agrees on (each author's latest label plus every
 * unsigned one, index labels_latest), else none; whether its votes split with nobody settling (`is_conflict`), and
 * whether any vote marks it simulator_error. Small next to the run, so materialized once and joined by row id.
 */
export const JUDGED_JOIN = `LEFT JOIN grades AS j ON j.id = (
    SELECT MAX(g.id) FROM grades AS g
    WHERE g.run_id = @run_id AND g.judge_name = @judge_name AND json_extract(g.provenance, '$.version') IS @version AND g.row_id = r.id
      AND g.id <= @grade_cutoff)`;

export const GOLD = `votes AS (
    SELECT l.row_id AS row_id, l.label AS label FROM labels AS l
    WHERE l.run_id = @run_id AND l.id <= @label_cutoff
      AND (l.author IS NULL OR l.id = (
        SELECT MAX(l2.id) FROM labels AS l2
        WHERE l2.run_id = l.run_id AND l2.row_id = l.row_id AND l2.author = l.author AND l2.id <= @label_cutoff))
  ),
  settled AS MATERIALIZED (
    SELECT a.row_id AS row_id, CASE a.label WHEN 'pass' THEN 1 ELSE 0 END AS verdict FROM adjudications AS a
    WHERE a.run_id = @run_id AND a.id <= @adjudication_cutoff
      AND a.id = (SELECT MAX(a2.id) FROM adjudications AS a2 WHERE a2.run_id = @run_id AND a2.row_id = a.row_id
        AND a2.id <= @adjudication_cutoff)
  ),
  voted AS (SELECT row_id, label FROM votes UNION ALL SELECT row_id, NULL FROM settled),
  gold AS MATERIALIZED (
    SELECT voted.row_id AS row_id,
      COALESCE(MAX(s.verdict), CASE WHEN SUM(voted.label = 'pass') > 0 AND SUM(voted.label = 'fail') = 0 THEN 1
        WHEN SUM(voted.label = 'fail') > 0 AND SUM(voted.label = 'pass') = 0 THEN 0 END) AS verdict,
      COALESCE(MAX(voted.label = 'simulator_error'), 0) AS is_excluded,
      MAX(s.verdict) IS NULL AND SUM(voted.label = 'pass') > 0 AND SUM(voted.label = 'fail') > 0 AS is_conflict
    FROM voted LEFT JOIN settled AS s ON s.row_id = voted.row_id GROUP BY voted.row_id
  )`;

/** `j` as in JUDGED_JOIN, for the rows of `gold` only (a disagreement needs gold): a seek per gold row, not per row. */
const GOLD_JUDGED_JOIN = JUDGED_JOIN.replace('g.row_id = r.id', 'g.row_id = gold.row_id');

const JUDGE_VERDICT_OF = 'CASE WHEN j.reward IS NULL THEN NULL WHEN j.reward >= @threshold THEN 1 ELSE 0 END';
export const DISAGREES = `${JUDGE_VERDICT_OF} IS NOT NULL AND gold.verdict IS NOT NULL
  AND ${JUDGE_VERDICT_OF} <> gold.verdict AND NOT gold.is_excluded`;

/** The orders that put a few rows first (a front found from gold) and every other row after them in ordinal order. */
export type FrontOrder = 'disagreements' | 'conflicts';

export const isFrontOrder = (order: LabelQueueOrder): order is FrontOrder => order === 'disagreements' || order === 'conflicts';

/**
 * `front`: the rows an order puts first, a few, found from gold, never by reading every row: `disagreements`, rows whose
 * judge verdict differs from gold as of the snapshot; `conflicts`, rows whose votes split with nobody settling.
 */
export function frontCte(order: FrontOrder): string {
  const where = order === 'disagreements' ? `${GOLD_JUDGED_JOIN} WHERE ${DISAGREES}` : 'WHERE gold.is_conflict AND NOT gold.is_excluded';
  return `front AS MATERIALIZED (
    SELECT r.id AS row_id, r.ordinal AS ordinal FROM gold CROSS JOIN rows AS r ON r.id = gold.row_id AND r.run_id = @run_id
    ${where}
  )`;
}

/** The size of `front`. */
export const FRONT_SIZE = '(SELECT COUNT(*) FROM front)';

/** The orders that sort the run's rows by keys: every order but the ones with a front (FrontOrder). */
export type KeyedOrder = Exclude<LabelQueueOrder, FrontOrder>;

/**
 * Per keyed order, the CTEs it reads and the sort key over `rows AS r` joined to them; every order ends on the ordinal,
 * so it is total and the same on every call. Only what an order sorts by is read: `generated` walks the (run_id,
 * ordinal) index alone.
 */
const ORDERS: Record<KeyedOrder, { ctes: string[]; joins: string; keys: string[] }> = {
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
const sortOf = (order: KeyedOrder) => [...ORDERS[order].keys, 'r.ordinal'].join(', ');

/**
 * The run's rows as `r` (id, ordinal; stratified, each one's round in its cell) with an order's joins. Orders other
 * than `generated` read the run's ids and ordinals from the covering partial indexes of migration 007
 * (`ordinal >= 0` holds for every row and is the term that reaches them), never the rows themselves.
 */
function sortedFrom(order: 'unsure' | 'stratified'): string {
  return order === 'stratified'
    ? `(SELECT id, ordinal,
          ROW_NUMBER() OVER (PARTITION BY tool, rule, stance, world_state, tool_condition, history ORDER BY ordinal) AS cell_round
          FROM rows INDEXED BY rows_queue_cells WHERE run_id = @run_id AND ordinal >= 0) AS r`
    : `rows AS r INDEXED BY rows_queue ${ORDERS[order].joins} WHERE r.run_id = @run_id AND r.ordinal >= 0`;
}

/** `ordered`: the run's row ids with their place in the order (every row's: for the first unlabelled one). */
export function orderedCtes(order: KeyedOrder): string {
  const ordered =
    order === 'generated'
      ? `ordered AS (SELECT r.id AS row_id, r.ordinal AS ordinal FROM rows AS r WHERE r.run_id = @run_id)`
      : `ordered AS (SELECT r.id AS row_id, r.ordinal AS ordinal, ROW_NUMBER() OVER (ORDER BY ${sortOf(order)}) - 1 AS position FROM ` +
        `${sortedFrom(order)})`;
  return `WITH ${[...ORDERS[order].ctes, ordered].join(',\n  ')}`;
}

/**
 * A page of a sorted order: the rows up to its end sorted with LIMIT (a sorter that keeps offset + limit rows, not
 * the run: about half the cost of numbering every row at the front of the queue), each numbered by its keys.
 */
export function sortedPage(order: 'unsure' | 'stratified'): string {
  const keys = ORDERS[order].keys;
  const named = keys.map((key, index) => `${key} AS k${index}`).join(', ');
  const byKeys = [...keys.map((_, index) => `k${index}`), 'ordinal'].join(', ');
  return `page AS (SELECT row_id, ordinal, @offset + ROW_NUMBER() OVER (ORDER BY ${byKeys}) - 1 AS position FROM (
      SELECT r.id AS row_id, r.ordinal AS ordinal, ${named} FROM ${sortedFrom(order)}
      ORDER BY ${sortOf(order)} LIMIT @limit OFFSET @offset))`;
}

/** The annotator's latest label on a row (index labels_latest). */
export const MY_LABEL =
  `(SELECT l.label FROM labels AS l WHERE l.run_id = @run_id AND l.row_id = page.row_id AND l.author IS ` +
  `@annotator ORDER BY l.id DESC LIMIT 1)`;

/** The queue judge's current verdict on a row, as the conversations table names verdicts. */
export const JUDGE_VERDICT = `(SELECT CASE WHEN g.unsure = 1 THEN 'unsure' WHEN g.reward IS NULL THEN 'error' WHEN g.reward >= @threshold
  THEN 'pass' ELSE 'fail' END
  FROM grades AS g WHERE g.run_id = @run_id AND g.judge_name = @judge_name AND json_extract(g.provenance, '$.version') IS @version
    AND g.row_id = page.row_id
  ORDER BY g.id DESC LIMIT 1)`;

/** The annotator's labelled rows, a few: read once, so each row of a sorted order is checked without a seek. */
export const MINE = 'SELECT l.row_id FROM labels AS l WHERE l.run_id = @run_id AND l.author IS @annotator';
