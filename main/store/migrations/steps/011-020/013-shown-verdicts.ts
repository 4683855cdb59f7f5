import { passSql } from '../../../../../shared/domain/verdict';
import type { Migration } from '../../migration';

/*
 * As in 002: the latest grades of one row, whose id is the SQL expression `rowId`, each found by a seek in
 * `grades_row_source`; a refresh addresses its row_verdicts line by primary key.
 */
const latestConduct = (rowId: string) =>
  `FROM grades AS g WHERE g.row_id = ${rowId} AND g.label_source = 'conduct' ORDER BY g.id DESC LIMIT 1`;
const latestJudge = (rowId: string) =>
  `FROM grades AS g WHERE g.row_id = ${rowId} AND g.label_source <> 'conduct' ORDER BY g.id DESC LIMIT 1`;

const conductRewardAssignment = (rowId: string) => `conduct_reward = COALESCE((SELECT g.reward ${latestConduct(rowId)}), -1)`;

const conductAssignments = (rowId: string) => `
    conduct_verdict = COALESCE((
      SELECT CASE WHEN g.reward IS NULL THEN 'error' WHEN ${passSql('g.reward')} THEN 'pass' ELSE 'fail' END ${latestConduct(rowId)}),
        'ungraded'),
    conduct_rule = COALESCE((SELECT CAST(json_extract(g.judge_meta, '$.rule') AS TEXT) ${latestConduct(rowId)}), ''),
    ${conductRewardAssignment(rowId)}`;

const judgeAssignments = (rowId: string) => `
    judge_verdict = COALESCE((
      SELECT CASE WHEN g.unsure = 1 THEN 'unsure' WHEN g.reward IS NULL THEN 'error' WHEN ${passSql('g.reward')} THEN 'pass' ELSE 'fail' END
      ${latestJudge(rowId)}), 'ungraded'),
    judge_reward = COALESCE((SELECT g.reward ${latestJudge(rowId)}), -1)`;

const lineOf = (rowId: string) => `(run_id, ordinal) = (SELECT run_id, ordinal FROM rows WHERE id = ${rowId})`;
const refresh = (assignments: string, rowId: string) => `UPDATE row_verdicts SET ${assignments} WHERE ${lineOf(rowId)}`;
const refreshAll = (rowId: string) => refresh(`${conductAssignments(rowId)}, ${judgeAssignments(rowId)}`, rowId);

/** The id of the row a row_verdicts line belongs to, inside an UPDATE of row_verdicts. */
const rowOfLine = '(SELECT r.id FROM rows AS r WHERE r.run_id = row_verdicts.run_id AND r.ordinal = row_verdicts.ordinal)';

/**
 * A row's shown verdict and reward over row_verdicts' own columns: the latest judge grade's where a judge graded the
 * row, else the latest conduct grade's. Indexed as expressions below. This migration's text is history: the live
 * spelling the queries use is main/store/rows/shown-verdict-sql.ts, which must stay equal to this one. (An index on a
 * generated column would not cover the query: SQLite reads the table back for each entry.)
 */
const SHOWN_VERDICT_SQL = "(CASE WHEN judge_verdict <> 'ungraded' THEN judge_verdict ELSE conduct_verdict END)";
const SHOWN_REWARD_SQL = "(CASE WHEN judge_verdict <> 'ungraded' THEN judge_reward ELSE conduct_reward END)";

/**
 * The conversations table's Judge and Reward columns show a row's latest judge grade, else its latest conduct grade
 * (main/store/rows/rows-query.ts). Offline runs are graded by the conduct checks alone, and a run can be graded by both, so
 * row_verdicts (002) now keeps what those columns need, with an index each:
 * - `conduct_reward`: the latest conduct grade's reward, -1 for none or for a grade without one (as `judge_reward`);
 *   filled here for stored rows and kept by the grade triggers below;
 * - `row_verdicts_shown` and `row_verdicts_shown_reward`: (run_id, shown verdict or reward, ordinal), like every other
 *   verdict index, so the Judge filter and sort and the Reward sort read one covering index whoever graded the run.
 * The grade insert trigger of 002 is replaced by one per source: a conduct grade refreshes the conduct columns only,
 * a judge's the judge columns only (a new grade cannot change the other source's latest). Updates and deletes
 * refresh the whole line, as before.
 */
export const shownVerdicts: Migration = {
  version: 13,
  name: 'shown-verdicts',
  sql: `
    ALTER TABLE row_verdicts ADD COLUMN conduct_reward REAL NOT NULL DEFAULT -1;
    UPDATE row_verdicts SET ${conductRewardAssignment(rowOfLine)} WHERE conduct_verdict <> 'ungraded';

    CREATE INDEX row_verdicts_shown ON row_verdicts(run_id, ${SHOWN_VERDICT_SQL}, ordinal);
    CREATE INDEX row_verdicts_shown_reward ON row_verdicts(run_id, ${SHOWN_REWARD_SQL}, ordinal);

    DROP TRIGGER grades_verdicts_insert;
    DROP TRIGGER grades_verdicts_update;
    DROP TRIGGER grades_verdicts_delete;
    CREATE TRIGGER grades_verdicts_insert_conduct AFTER INSERT ON grades WHEN new.label_source = 'conduct' BEGIN
      ${refresh(conductAssignments('new.row_id'), 'new.row_id')};
    END;
    CREATE TRIGGER grades_verdicts_insert_judge AFTER INSERT ON grades WHEN new.label_source <> 'conduct' BEGIN
      ${refresh(judgeAssignments('new.row_id'), 'new.row_id')};
    END;
    CREATE TRIGGER grades_verdicts_update AFTER UPDATE ON grades BEGIN
      ${refreshAll('old.row_id')};
      ${refreshAll('new.row_id')};
    END;
    CREATE TRIGGER grades_verdicts_delete AFTER DELETE ON grades BEGIN ${refreshAll('old.row_id')}; END;
  `,
};
