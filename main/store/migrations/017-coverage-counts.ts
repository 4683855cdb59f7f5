import { failSql } from '../../../shared/domain/verdict';
import type { Migration } from './migration';

/*
 * This migration's text is history: the axis list and the rules below are frozen here. The coverage queries
 * (main/store/rows/coverage-queries.ts) read what it keeps.
 */

const AXES = ['tool', 'rule', 'stance', 'world_state', 'tool_condition', 'history'];
const axesOf = (line: string) => AXES.map((axis) => `${line}.${axis}`).join(', ');

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
  return `INSERT INTO coverage_counts (run_id, ${AXES.join(', ')}, rows, graded, failing)
      VALUES (${line}.run_id, ${axesOf(line)}, ${step}, ${step} * ${graded(reward)}, ${step} * ${failing(reward)}) ${ADD};`;
};

const ADD = `ON CONFLICT (run_id, ${AXES.join(', ')}) DO UPDATE
      SET rows = rows + excluded.rows, graded = graded + excluded.graded, failing = failing + excluded.failing`;

/** The rows of every run with their coordinates and row_verdicts line, each read from an index (`ordinal >= 0` holds for every row). */
const ROWS_WITH_LINES = `(SELECT r.run_id, ${axesOf('r')}, r.ordinal FROM rows AS r INDEXED BY rows_queue_cells WHERE r.ordinal >= 0
        UNION ALL SELECT r.run_id, ${axesOf('r')}, r.ordinal FROM rows AS r WHERE r.run_id IN (SELECT id FROM runs) AND r.ordinal < 0) AS r
      LEFT JOIN row_verdicts AS v ON v.run_id = r.run_id AND v.ordinal = r.ordinal`;

/**
 * The coverage view's counts, kept as rows are stored, graded and labelled instead of counted at each request: at
 * 1,000,000 rows the heatmap read every row's latest grade (23-31 s, issue 25) and the summary grouped the run's rows
 * seven times (4-5 s); now both read one run's lines of a small table. Triggers keep them in the writer's transaction:
 * - `row_verdicts.coverage_reward`: each row's reward as coverage counts it (coverageRewardSql), refreshed by every
 *   grade and label written, changed or deleted on the row;
 * - `coverage_counts`: per run and six-axis coordinate, its rows, the rows with a coverage_reward (`graded`) and those
 *   failing; a line can fall to 0 rows. A row's cell moves when its axes do; a row deleted is taken away before it
 *   goes (its row_verdicts line goes with it).
 * Filled here for the rows already stored.
 */
export const coverageCounts: Migration = {
  version: 17,
  name: 'coverage-counts',
  sql: `
    ALTER TABLE row_verdicts ADD COLUMN coverage_reward REAL;
    UPDATE row_verdicts SET coverage_reward = ${coverageRewardSql(
      '(SELECT r.id FROM rows AS r WHERE r.run_id = row_verdicts.run_id AND r.ordinal = row_verdicts.ordinal)',
      'row_verdicts.run_id',
    )};

    CREATE TABLE coverage_counts (
      run_id TEXT NOT NULL,
      ${AXES.map((axis) => `${axis} TEXT NOT NULL`).join(',\n      ')},
      rows INTEGER NOT NULL,
      graded INTEGER NOT NULL,
      failing INTEGER NOT NULL,
      PRIMARY KEY (run_id, ${AXES.join(', ')})
    ) STRICT, WITHOUT ROWID;
    INSERT INTO coverage_counts (run_id, ${AXES.join(', ')}, rows, graded, failing)
      SELECT r.run_id, ${axesOf('r')}, COUNT(*), SUM(${graded('v.coverage_reward')}), SUM(${failing('v.coverage_reward')})
      FROM ${ROWS_WITH_LINES}
      GROUP BY r.run_id, ${axesOf('r')};

    CREATE TRIGGER coverage_counts_rows_insert AFTER INSERT ON rows BEGIN ${countRow('new', 1)} END;
    CREATE TRIGGER coverage_counts_rows_delete BEFORE DELETE ON rows BEGIN ${countRow('old', -1)} END;
    CREATE TRIGGER coverage_counts_rows_update AFTER UPDATE OF run_id, ordinal, ${AXES.join(', ')} ON rows BEGIN
      ${countRow('old', -1)}
      ${countRow('new', 1)}
    END;
    CREATE TRIGGER coverage_counts_reward AFTER UPDATE OF coverage_reward ON row_verdicts
      WHEN old.coverage_reward IS NOT new.coverage_reward BEGIN
      INSERT INTO coverage_counts (run_id, ${AXES.join(', ')}, rows, graded, failing)
        SELECT r.run_id, ${axesOf('r')}, 0, ${graded('new.coverage_reward')} - ${graded('old.coverage_reward')},
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
