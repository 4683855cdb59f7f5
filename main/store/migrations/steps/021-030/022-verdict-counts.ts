import type { Migration } from '../../migration';

/*
 * This migration's text is history: the column lists below are frozen here, not read from the live query code
 * (main/store/rows/rows-query.ts FILTER_COLUMN). The counts under filters (main/store/rows/row-filter-counts.ts) read
 * what it keeps.
 */

/** The columns of `rows` the conversations table filters on: the six axes, then writer and ended_by. */
const ROW_COLUMNS = ['tool', 'rule', 'stance', 'world_state', 'tool_condition', 'history', 'writer', 'ended_by'];
/** The columns of `row_verdicts` it filters on: Conduct, conduct rule, Judge (with Conduct, the shown verdict), Label. */
const VERDICT_COLUMNS = ['conduct_verdict', 'conduct_rule', 'judge_verdict', 'human_label'];
const COLUMNS = [...ROW_COLUMNS, ...VERDICT_COLUMNS];

/** The columns of a row (alias `row`) and its verdicts line (alias `line`), in COLUMNS' order. */
const columnsOf = (row: string, line: string) =>
  [...ROW_COLUMNS.map((column) => `${row}.${column}`), ...VERDICT_COLUMNS.map((column) => `${line}.${column}`)].join(', ');

const ADD = `ON CONFLICT (run_id, ${COLUMNS.join(', ')}) DO UPDATE SET rows = rows + excluded.rows`;

/**
 * Adds (`step` 1) or takes away (-1) one row at its combination: the row `row` and its verdicts `line`, one of them
 * the trigger's `new` or `old` and the other read by primary key in `from` (a FROM clause with its WHERE).
 */
const counted = (row: string, line: string, from: string, step: 1 | -1) =>
  `INSERT INTO row_verdict_counts (run_id, ${COLUMNS.join(', ')}, rows) SELECT ${row}.run_id, ${columnsOf(row, line)}, ${step}
      FROM ${from} ${ADD};`;

/** A verdicts line's row (`line` is `new` or `old`). */
const rowOf = (line: 'new' | 'old') => `rows AS r WHERE r.run_id = ${line}.run_id AND r.ordinal = ${line}.ordinal`;
/** A row's verdicts line (`row` is `new` or `old`). */
const lineOf = (row: 'new' | 'old') => `row_verdicts AS v WHERE v.run_id = ${row}.run_id AND v.ordinal = ${row}.ordinal`;

const verdictsChanged = VERDICT_COLUMNS.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ');
const rowChanged = ['run_id', 'ordinal', ...ROW_COLUMNS].map((column) => `old.${column} IS NOT new.${column}`).join(' OR ');

/*
 * The backfill reads the rows table once, in its own order, and each row's verdicts line by key (as 017's does): no
 * index holds the eight columns of `rows`.
 */
const COUNTS_OF_STORED_ROWS = `INSERT INTO row_verdict_counts (run_id, ${COLUMNS.join(', ')}, rows)
      SELECT r.run_id, ${columnsOf('r', 'v')}, COUNT(*)
      FROM rows AS r NOT INDEXED JOIN row_verdicts AS v ON v.run_id = r.run_id AND v.ordinal = r.ordinal
      GROUP BY r.run_id, ${columnsOf('r', 'v')};`;

/**
 * The filter menus' counts under a filter on a verdict column: per run and combination of the eight filter columns of
 * `rows` and the four of `row_verdicts`, its rows (a line can fall to 0). Under "Judge is fail" the menus of a
 * 100,000-row run read every matching row and its verdicts (290 ms; 3.5 s at 1,000,000 rows, issue 25); now they sum
 * one run's lines of this table (about 10,000 at 100,000 rows: the verdicts barely add combinations to 017's
 * row_filter_counts). Triggers keep it in the writer's transaction:
 * - a row's verdicts line inserted (with its row, 002) adds the row at its combination;
 * - a grade, label or settlement that moves a verdict column (002, 013, 014 rewrite the line) moves the row's count
 *   from the old combination to the new;
 * - a row whose filter columns change moves likewise; a row deleted is taken away before it goes (its verdicts line
 *   goes with it, by the foreign key).
 * Filled here for the rows already stored.
 */
export const verdictCounts: Migration = {
  version: 22,
  name: 'verdict-counts',
  sql: `
    CREATE TABLE row_verdict_counts (
      run_id TEXT NOT NULL,
      ${COLUMNS.map((column) => `${column} TEXT NOT NULL`).join(',\n      ')},
      rows INTEGER NOT NULL,
      PRIMARY KEY (run_id, ${COLUMNS.join(', ')})
    ) STRICT, WITHOUT ROWID;
    ${COUNTS_OF_STORED_ROWS}

    CREATE TRIGGER row_verdict_counts_line_insert AFTER INSERT ON row_verdicts BEGIN
      ${counted('r', 'new', `${rowOf('new')}`, 1)}
    END;
    CREATE TRIGGER row_verdict_counts_line_update AFTER UPDATE OF ${VERDICT_COLUMNS.join(', ')} ON row_verdicts
      WHEN ${verdictsChanged} BEGIN
      ${counted('r', 'old', `${rowOf('old')}`, -1)}
      ${counted('r', 'new', `${rowOf('new')}`, 1)}
    END;
    CREATE TRIGGER row_verdict_counts_rows_delete BEFORE DELETE ON rows BEGIN ${counted('old', 'v', `${lineOf('old')}`, -1)} END;
    CREATE TRIGGER row_verdict_counts_rows_update AFTER UPDATE OF run_id, ordinal, ${ROW_COLUMNS.join(', ')} ON rows
      WHEN ${rowChanged} BEGIN
      ${counted('old', 'v', `${lineOf('old')}`, -1)}
      ${counted('new', 'v', `${lineOf('new')}`, 1)}
    END;
  `,
};
