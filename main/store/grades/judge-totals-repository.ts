import { judgeKey } from '../../../shared/api/grades';
import { JUDGE_STATUSES, JudgeStatus, PASS_THRESHOLD, type Grade } from '../../../shared/domain';
import { statement, type Db } from '../database';
import { LATEST_GRADE_IDS, SIMULATOR_ERROR_ROWS } from './grades-repository';

type JudgeStatusValue = Grade['judge_status'];

export interface JudgeTotals {
  judge_name: string;
  version: string | null;
  n_graded: number;
  passes: number;
  failures: number;
  partials: number;
  unjudged: number;
  unsure: number;
  mean_reward: number | null;
  first_id: number;
  last_id: number;
}

/**
 * Per judge (name + version), counts over each row's latest grade from it, leaving out simulator-error rows.
 * Pass means reward >= PASS_THRESHOLD; unjudged means no reward (any judge_status but ok), never counted as 0.
 */
export function judgeTotals(db: Db, runId: string): JudgeTotals[] {
  return statement<{ run_id: string; threshold: number }, JudgeTotals>(
    db,
    `WITH latest AS (${LATEST_GRADE_IDS})
     SELECT g.judge_name AS judge_name, json_extract(g.provenance, '$.version') AS version, COUNT(*) AS n_graded,
       SUM(CASE WHEN g.reward >= @threshold THEN 1 ELSE 0 END) AS passes,
       SUM(CASE WHEN g.reward < @threshold THEN 1 ELSE 0 END) AS failures,
       SUM(CASE WHEN g.reward > 0 AND g.reward < 1 THEN 1 ELSE 0 END) AS partials,
       SUM(CASE WHEN g.reward IS NULL THEN 1 ELSE 0 END) AS unjudged,
       SUM(g.unsure) AS unsure,
       AVG(g.reward) AS mean_reward,
       MIN(g.id) AS first_id, MAX(g.id) AS last_id
     FROM latest JOIN grades g ON g.id = latest.id
     WHERE g.row_id NOT IN (${SIMULATOR_ERROR_ROWS})
     GROUP BY g.judge_name, version
     ORDER BY first_id`,
  ).all({ run_id: runId, threshold: PASS_THRESHOLD });
}

export interface JudgeBreakdown {
  statuses: Record<JudgeStatusValue, number>;
  by_failure_class: Record<string, number>;
}

/** Per judge key, how many latest grades have each judge_status, and each failure_class (non-null). */
export function judgeBreakdowns(db: Db, runId: string): Map<string, JudgeBreakdown> {
  const records = statement<
    { run_id: string },
    { judge_name: string; version: string | null; judge_status: string; failure_class: string | null; n: number }
  >(
    db,
    `WITH latest AS (${LATEST_GRADE_IDS})
     SELECT g.judge_name AS judge_name, json_extract(g.provenance, '$.version') AS version, g.judge_status AS judge_status,
       g.failure_class AS failure_class, COUNT(*) AS n
     FROM latest JOIN grades g ON g.id = latest.id
     WHERE g.row_id NOT IN (${SIMULATOR_ERROR_ROWS})
     GROUP BY g.judge_name, version, g.judge_status, g.failure_class
     ORDER BY g.judge_name, version, g.judge_status, g.failure_class`,
  ).all({ run_id: runId });
  const breakdowns = new Map<string, JudgeBreakdown>();
  for (const record of records) {
    const key = judgeKey(record.judge_name, record.version);
    let entry = breakdowns.get(key);
    if (!entry) {
      entry = {
        statuses: Object.fromEntries(JUDGE_STATUSES.map((status) => [status, 0])) as Record<JudgeStatusValue, number>,
        by_failure_class: {},
      };
      breakdowns.set(key, entry);
    }
    const status = JudgeStatus.parse(record.judge_status);
    entry.statuses[status] += record.n;
    if (record.failure_class !== null)
      entry.by_failure_class[record.failure_class] = (entry.by_failure_class[record.failure_class] ?? 0) + record.n;
  }
  return breakdowns;
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
