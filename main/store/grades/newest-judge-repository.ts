import { judgeKey } from '../../../shared/api/grades';
import { statement, type Db } from '../database';
import { SIMULATOR_ERROR_ROWS } from './grades-repository';
import { gradingJudgeKeys } from './judge-totals-repository';

/*
 * The judge that graded a run last, as chooseJudge picks it from gradedJudges with no name given (the judge name and
 * version whose newest grade on a row not marked simulator_error is the newest), without totalling every judge's
 * grades (about 70 ms at 100,000 rows). Index grades_run is (run_id, judge_name) and so ordered by id within a
 * name: per judge name, a walk down from its newest grade to the first on a row that is not a simulator error,
 * usually one step.
 */

const NEWEST_OF_NAME = `SELECT g.id AS id, g.judge_name AS judge_name, json_extract(g.provenance, '$.version') AS version
  FROM grades AS g INDEXED BY grades_run
  WHERE g.run_id = @run_id AND g.judge_name = @judge_name AND g.row_id NOT IN (${SIMULATOR_ERROR_ROWS})
  ORDER BY g.id DESC LIMIT 1`;

/** The SQL of one name's newest grade: exported for the query-plan test. */
export const NEWEST_GRADE_OF_JUDGE_NAME_SQL = NEWEST_OF_NAME;

export interface NewestJudge {
  judge_key: string;
  judge_name: string;
  version: string | null;
}

/** The run's newest judge, or null when nothing graded a row of it that is not a simulator error. */
export function newestGradingJudge(db: Db, runId: string): NewestJudge | null {
  const names = [...new Set(gradingJudgeKeys(db, runId).map((judge) => judge.judge_name))];
  let newest: { id: number; judge_name: string; version: string | null } | null = null;
  for (const name of names) {
    const found = statement<{ run_id: string; judge_name: string }, { id: number; judge_name: string; version: string | null }>(
      db,
      NEWEST_OF_NAME,
    ).get({
      run_id: runId,
      judge_name: name,
    });
    if (found && (newest === null || found.id > newest.id)) newest = found;
  }
  return newest && { judge_key: judgeKey(newest.judge_name, newest.version), judge_name: newest.judge_name, version: newest.version };
}
