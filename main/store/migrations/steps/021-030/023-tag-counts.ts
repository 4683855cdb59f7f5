import type { Migration } from '../../migration';

/*
 * This migration's text is history: the column lists below are frozen here, as 022's are. The persona tags menu under
 * filters (main/store/rows/row-filter-counts.ts) reads what it keeps.
 */

/** The columns of `rows` the conversations table filters on: the six axes, then writer and ended_by. */
const ROW_COLUMNS = ['tool', 'rule', 'stance', 'world_state', 'tool_condition', 'history', 'writer', 'ended_by'];
/** The columns of `row_verdicts` it filters on: Conduct, conduct rule, Judge (with Conduct, the shown verdict), Label. */
const VERDICT_COLUMNS = ['conduct_verdict', 'conduct_rule', 'judge_verdict', 'human_label'];
const COLUMNS = [...ROW_COLUMNS, ...VERDICT_COLUMNS, 'tag'];

/** The columns of a row (alias `row`), its verdicts line (alias `line`) and a tag (`tag`), in COLUMNS' order. */
const columnsOf = (row: string, line: string, tag: string) =>
  [...ROW_COLUMNS.map((column) => `${row}.${column}`), ...VERDICT_COLUMNS.map((column) => `${line}.${column}`), tag].join(', ');

const ADD = `ON CONFLICT (run_id, ${COLUMNS.join(', ')}) DO UPDATE SET rows = rows + excluded.rows`;

/**
 * A row's tags (`row` is `new` or `old`), each once: a row that carries a tag twice counts once under it. Its first
 * line of each tag, not SELECT DISTINCT, which reads the run's tags in row_tags_tag's order.
 */
const tagsOf = (row: string) =>
  `row_tags AS t WHERE t.run_id = ${row}.run_id AND t.ordinal = ${row}.ordinal AND NOT EXISTS (SELECT 1 FROM row_tags AS e
      WHERE e.run_id = t.run_id AND e.tag = t.tag AND e.ordinal = t.ordinal AND e.position < t.position)`;

/**
 * Adds (`step` 1) or takes away (-1) one row under each tag of `tags` at its combination: the row `row` and its
 * verdicts `line`, read in `from` (a FROM clause with its WHERE: an upsert's SELECT needs one).
 */
const counted = (row: string, line: string, tag: string, from: string, step: 1 | -1) =>
  `INSERT INTO row_tag_counts (run_id, ${COLUMNS.join(', ')}, rows) SELECT ${row}.run_id, ${columnsOf(row, line, tag)}, ${step}
      FROM ${from} ${ADD};`;

/** A tag line's row and verdicts line (`tag` is `new` or `old`); none once the row is gone (its tags go after it). */
const rowAndLineOf = (tag: 'new' | 'old') =>
  `rows AS r JOIN row_verdicts AS v ON v.run_id = r.run_id AND v.ordinal = r.ordinal
      WHERE r.run_id = ${tag}.run_id AND r.ordinal = ${tag}.ordinal`;
/** A verdicts line's row and its tags (`line` is `new` or `old`). */
const rowAndTagsOf = (line: 'new' | 'old') => `rows AS r, ${tagsOf(line)} AND r.run_id = ${line}.run_id AND r.ordinal = ${line}.ordinal`;
/** A row's verdicts line and its tags (`row` is `new` or `old`). */
const lineAndTagsOf = (row: 'new' | 'old') =>
  `row_verdicts AS v, ${tagsOf(row)} AND v.run_id = ${row}.run_id AND v.ordinal = ${row}.ordinal`;

/** How many of a row's tag lines carry the tag of `line` (after the trigger's write). */
const tagCount = (line: 'new' | 'old') =>
  `(SELECT COUNT(*) FROM row_tags AS c WHERE c.run_id = ${line}.run_id AND c.tag = ${line}.tag AND c.ordinal = ${line}.ordinal)`;

const changed = (columns: string[]) => columns.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ');

/*
 * The backfill reads the rows table once, in its own order, and each row's verdicts line and tags by key (as 022's
 * does); each (row, tag) pair once.
 */
const COUNTS_OF_STORED_ROWS = `INSERT INTO row_tag_counts (run_id, ${COLUMNS.join(', ')}, rows)
      SELECT r.run_id, ${columnsOf('r', 'v', 't.tag')}, COUNT(DISTINCT t.ordinal)
      FROM rows AS r NOT INDEXED JOIN row_verdicts AS v ON v.run_id = r.run_id AND v.ordinal = r.ordinal
        JOIN row_tags AS t ON t.run_id = r.run_id AND t.ordinal = r.ordinal
      GROUP BY r.run_id, ${columnsOf('r', 'v', 't.tag')};`;

/**
 * The persona tags menu under a filter on the other columns: per run, combination of the twelve columns of 022's
 * row_verdict_counts and tag, the rows that carry the tag (a line can fall to 0). Under "Judge is fail" the menu read
 * every kept row's tags (most of the menus' 0.7-1.1 s at 1,000,000 rows, issue 25); now it sums one run's lines here.
 * Triggers keep it in the writer's transaction:
 * - a tag line inserted (after its row and the row's verdicts line, 002) adds the row under the tag, if the row did not
 *   carry it yet; a tag line deleted takes it away when the row no longer carries the tag; one changed does both;
 * - a verdicts line inserted adds the row under each of its tags (none yet when written with its row);
 * - a grade, label or settlement that moves a verdict column, or a change to a row's filter columns, moves the row
 *   under each of its tags from the old combination to the new;
 * - a row deleted is taken away before it goes (its tag lines go after it, when there is no row left to count).
 * Filled here for the rows already stored.
 */
export const tagCounts: Migration = {
  version: 23,
  name: 'tag-counts',
  sql: `
    CREATE TABLE row_tag_counts (
      run_id TEXT NOT NULL,
      ${COLUMNS.map((column) => `${column} TEXT NOT NULL`).join(',\n      ')},
      rows INTEGER NOT NULL,
      PRIMARY KEY (run_id, ${COLUMNS.join(', ')})
    ) STRICT, WITHOUT ROWID;
    ${COUNTS_OF_STORED_ROWS}

    CREATE TRIGGER row_tag_counts_tag_insert AFTER INSERT ON row_tags WHEN ${tagCount('new')} = 1 BEGIN
      ${counted('r', 'v', 'new.tag', rowAndLineOf('new'), 1)}
    END;
    CREATE TRIGGER row_tag_counts_tag_delete AFTER DELETE ON row_tags WHEN ${tagCount('old')} = 0 BEGIN
      ${counted('r', 'v', 'old.tag', rowAndLineOf('old'), -1)}
    END;
    CREATE TRIGGER row_tag_counts_tag_update AFTER UPDATE ON row_tags WHEN ${changed(['run_id', 'ordinal', 'tag'])} BEGIN
      ${counted('r', 'v', 'old.tag', `${rowAndLineOf('old')} AND ${tagCount('old')} = 0`, -1)}
      ${counted('r', 'v', 'new.tag', `${rowAndLineOf('new')} AND ${tagCount('new')} = 1`, 1)}
    END;

    CREATE TRIGGER row_tag_counts_line_insert AFTER INSERT ON row_verdicts BEGIN
      ${counted('r', 'new', 't.tag', rowAndTagsOf('new'), 1)}
    END;
    CREATE TRIGGER row_tag_counts_line_update AFTER UPDATE OF ${VERDICT_COLUMNS.join(', ')} ON row_verdicts
      WHEN ${changed(VERDICT_COLUMNS)} BEGIN
      ${counted('r', 'old', 't.tag', rowAndTagsOf('old'), -1)}
      ${counted('r', 'new', 't.tag', rowAndTagsOf('new'), 1)}
    END;
    CREATE TRIGGER row_tag_counts_rows_delete BEFORE DELETE ON rows BEGIN
      ${counted('old', 'v', 't.tag', lineAndTagsOf('old'), -1)}
    END;
    CREATE TRIGGER row_tag_counts_rows_update AFTER UPDATE OF run_id, ordinal, ${ROW_COLUMNS.join(', ')} ON rows
      WHEN ${changed(['run_id', 'ordinal', ...ROW_COLUMNS])} BEGIN
      ${counted('old', 'v', 't.tag', lineAndTagsOf('old'), -1)}
      ${counted('new', 'v', 't.tag', lineAndTagsOf('new'), 1)}
    END;
  `,
};
