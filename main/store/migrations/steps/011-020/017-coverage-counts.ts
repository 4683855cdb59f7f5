import { failSql } from '../../../../../shared/domain/verdict';
import type { Migration } from '../../migration';

/*
 * This migration's text is history: the column list and the rules below are frozen here. The coverage queries
 * (main/store/rows/coverage-queries.ts) and the counts under filters (main/store/rows/row-filter-counts.ts) read what
 * it keeps.
 */

/** The columns of `rows` the conversations table filters on: the six axes, then writer and ended_by. */
const COLUMNS = ['tool', 'rule', 'stance', 'world_state', 'tool_condition', 'history', 'writer', 'ended_by'];
const columnsOf = (line: string) => COLUMNS.map((column) => `${line}.${column}`).join(', ');

/**
 * What a row adds to its coverage cell's `graded` and `failing`, for the SQL expression `reward` holding the row's
 * coverage_reward: graded when it has one, failing when that one fails (shared/domain/verdict failSql).
 */
const graded = (reward: string) => `(${reward} IS NOT NULL)`;
const failing = (reward: string) => `(${reward} IS NOT NULL AND ${failSql(reward)})`;

/**
 * A row's reward as the coverage view counts it, for the row whose id and run are the SQL expressions `rowId` and
 * `runId`: its latest grade's (any source), or NULL when it has none, when that grade has none, or when the row is
 * labelled simulator_error (an unsigned such label, or an author's latest label; grades-repository SIMULATOR_ERROR_ROWS).
 * labels_row_author and grades_row serve the lookups.
 */
const coverageRewardSql = (rowId: string, runId: string) => `CASE
      WHEN EXISTS (SELECT 1 FROM labels AS l WHERE l.row_id = ${rowId} AND l.run_id = ${runId} AND l.label = 'simulator_error'
        AND (l.author IS NULL OR l.id = (SELECT MAX(l2.id) FROM labels AS l2
          WHERE l2.row_id = l.row_id AND l2.run_id = l.run_id AND l2.author = l.author))) THEN NULL
      ELSE (SELECT g.reward FROM grades AS g WHERE g.row_id = ${rowId} ORDER BY g.id DESC LIMIT 1) END`;

const refresh = (rowId: string) =>
  `UPDATE row_verdicts SET coverage_reward = ${coverageRewardSql(rowId, 'row_verdicts.run_id')}
      WHERE (run_id, ordinal) = (SELECT run_id, ordinal FROM rows WHERE id = ${rowId});`;

/** Adds (`step` 1) or takes away (-1) one row, with what its row_verdicts line's reward counts, at its cell. */
const countRow = (line: 'new' | 'old', step: 1 | -1) => {
  const reward = `(SELECT v.coverage_reward FROM row_verdicts AS v WHERE v.run_id = ${line}.run_id AND v.ordinal = ${line}.ordinal)`;
  return `INSERT INTO row_filter_counts (run_id, ${COLUMNS.join(', ')}, rows, graded, failing)
      VALUES (${line}.run_id, ${columnsOf(line)}, ${step}, ${step} * ${graded(reward)}, ${step} * ${failing(reward)}) ${ADD};`;
};

const ADD = `ON CONFLICT (run_id, ${COLUMNS.join(', ')}) DO UPDATE
      SET rows = rows + excluded.rows, graded = graded + excluded.graded, failing = failing + excluded.failing`;

/*
 * The backfill reads the rows table once per statement, in its own order (a row's filter columns, id and line), rather
 * than seeking each row's line, grades or index entries by key: 9 s at 1,000,000 rows against 30 s.
 */

/** Each graded row's latest grade (any source): the reward of the grade with its row's greatest id. */
const LATEST_REWARDS = `UPDATE row_verdicts SET coverage_reward = latest.reward
      FROM (SELECT r.run_id, r.ordinal, g.reward FROM rows AS r NOT INDEXED
              CROSS JOIN (SELECT row_id, reward, MAX(id) FROM grades GROUP BY row_id) AS g ON g.row_id = r.id) AS latest
      WHERE row_verdicts.run_id = latest.run_id AND row_verdicts.ordinal = latest.ordinal;`;

/** Then none for a simulator-error row (as coverageRewardSql says). */
const SIMULATOR_ERRORS_LEFT_OUT = `UPDATE row_verdicts SET coverage_reward = NULL
      FROM (SELECT DISTINCT r.run_id, r.ordinal FROM labels AS l JOIN rows AS r ON r.id = l.row_id AND r.run_id = l.run_id
              WHERE l.label = 'simulator_error' AND (l.author IS NULL OR l.id = (SELECT MAX(l2.id) FROM labels AS l2
                WHERE l2.row_id = l.row_id AND l2.run_id = l.run_id AND l2.author = l.author))) AS excluded
      WHERE row_verdicts.run_id = excluded.run_id AND row_verdicts.ordinal = excluded.ordinal;`;

const COUNTS_OF_STORED_ROWS = `INSERT INTO row_filter_counts (run_id, ${COLUMNS.join(', ')}, rows, graded, failing)
      SELECT r.run_id, ${columnsOf('r')}, COUNT(*), SUM(${graded('v.coverage_reward')}), SUM(${failing('v.coverage_reward')})
      FROM rows AS r NOT INDEXED LEFT JOIN row_verdicts AS v ON v.run_id = r.run_id AND v.ordinal = r.ordinal
      GROUP BY r.run_id, ${columnsOf('r')};`;

/**
 * The coverage view's counts and the filter menus' counts under a filter, kept as rows are stored, graded and labelled
 * instead of counted at each request: at 1,000,000 rows the heatmap read every row's latest grade (23-31 s, issue 25),
 * the summary grouped the run's rows seven times (4-5 s), and a menu under one ticked filter read a row per row of the
 * run (15-25 s for the menus); now each reads one run's lines of a small table. Triggers keep them in the writer's
 * transaction:
 * - `row_verdicts.coverage_reward`: each row's reward as coverage counts it (coverageRewardSql), refreshed by every
 *   grade and label written, changed or deleted on the row;
 * - `row_filter_counts`: per run and combination of the eight filter columns of `rows` (the six axes, writer,
 *   ended_by), its rows, the rows with a coverage_reward (`graded`) and those failing; a line can fall to 0 rows. A
 *   row's line moves when those columns do; a row deleted is taken away before it goes (its row_verdicts line goes
 *   with it).
 * Filled here for the rows already stored.
 */
export const coverageCounts: Migration = {
  version: 17,
  name: 'coverage-counts',
  sql: `
    ALTER TABLE row_verdicts ADD COLUMN coverage_reward REAL;
    ${LATEST_REWARDS}
    ${SIMULATOR_ERRORS_LEFT_OUT}

    CREATE TABLE row_filter_counts (
      run_id TEXT NOT NULL,
      ${COLUMNS.map((column) => `${column} TEXT NOT NULL`).join(',\n      ')},
      rows INTEGER NOT NULL,
      graded INTEGER NOT NULL,
      failing INTEGER NOT NULL,
      PRIMARY KEY (run_id, ${COLUMNS.join(', ')})
    ) STRICT, WITHOUT ROWID;
    ${COUNTS_OF_STORED_ROWS}

    CREATE TRIGGER row_filter_counts_rows_insert AFTER INSERT ON rows BEGIN ${countRow('new', 1)} END;
    CREATE TRIGGER row_filter_counts_rows_delete BEFORE DELETE ON rows BEGIN ${countRow('old', -1)} END;
    CREATE TRIGGER row_filter_counts_rows_update AFTER UPDATE OF run_id, ordinal, ${COLUMNS.join(', ')} ON rows BEGIN
      ${countRow('old', -1)}
      ${countRow('new', 1)}
    END;
    CREATE TRIGGER row_filter_counts_reward AFTER UPDATE OF coverage_reward ON row_verdicts
      WHEN old.coverage_reward IS NOT new.coverage_reward BEGIN
      INSERT INTO row_filter_counts (run_id, ${COLUMNS.join(', ')}, rows, graded, failing)
        SELECT r.run_id, ${columnsOf('r')}, 0, ${graded('new.coverage_reward')} - ${graded('old.coverage_reward')},
          ${failing('new.coverage_reward')} - ${failing('old.coverage_reward')}
        FROM rows AS r WHERE r.run_id = new.run_id AND r.ordinal = new.ordinal ${ADD};
    END;

    CREATE TRIGGER coverage_reward_grades_insert AFTER INSERT ON grades BEGIN ${refresh('new.row_id')} END;
    CREATE TRIGGER coverage_reward_grades_update AFTER UPDATE OF id, row_id, reward ON grades BEGIN
      ${refresh('old.row_id')}
      ${refresh('new.row_id')}
    END;
    CREATE TRIGGER coverage_reward_grades_delete AFTER DELETE ON grades BEGIN ${refresh('old.row_id')} END;
    CREATE TRIGGER coverage_reward_labels_insert AFTER INSERT ON labels BEGIN ${refresh('new.row_id')} END;
    CREATE TRIGGER coverage_reward_labels_update AFTER UPDATE OF id, row_id, run_id, label, author ON labels BEGIN
      ${refresh('old.row_id')}
      ${refresh('new.row_id')}
    END;
    CREATE TRIGGER coverage_reward_labels_delete AFTER DELETE ON labels BEGIN ${refresh('old.row_id')} END;
  `,
};
