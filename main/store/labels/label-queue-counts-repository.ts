import { statement, type Db } from '../database';
import { DISAGREES, GOLD, JUDGED_JOIN, queueParameters, type QueueRequest } from './label-queue-sql';

export interface QueueCounts {
  total: number;
  gold: number;
  conflicts: number;
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
        WHERE g.run_id = @run_id AND g.judge_name = @judge_name AND json_extract(g.provenance, '$.version') IS @version
          AND g.row_id = u.row_id AND g.id <= @grade_cutoff)
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
      (SELECT COUNT(*) FROM (SELECT 1 FROM rows WHERE run_id = @run_id GROUP BY tool, rule, stance, world_state, tool_condition,
        history)) AS cells`,
  ).get({ run_id: runId })!;
}

type GoldCounts = Pick<QueueCounts, 'gold' | 'conflicts' | 'disagreements'>;

/** Rows with gold, conflicts and disagreements as of the snapshot: from labels and settlements, and the judge's grades on gold rows. */
export function queueGoldCounts(db: Db, request: QueueRequest): GoldCounts {
  const sql = `WITH ${GOLD}
    SELECT
      (SELECT COUNT(*) FROM gold WHERE verdict IS NOT NULL AND NOT is_excluded) AS gold,
      (SELECT COUNT(*) FROM gold WHERE is_conflict AND NOT is_excluded) AS conflicts,
      (SELECT COUNT(*) FROM gold JOIN rows AS r ON r.id = gold.row_id ${JUDGED_JOIN} WHERE ${DISAGREES}) AS disagreements`;
  return statement<Record<string, unknown>, GoldCounts>(db, sql).get(queueParameters(request))!;
}

/** Rows whose queue judge's latest grade (as of the snapshot) is unsure: from grades and rows. */
export function queueUnsureCount(db: Db, request: QueueRequest): number {
  return statement<Record<string, unknown>, { n: number }>(db, `SELECT (${UNSURE_COUNT}) AS n`).get(queueParameters(request))!.n;
}
