import type { Migration } from '../../migration';

/*
 * This migration's text is history: the lists below are frozen here, not read from the live query code
 * (main/store/rows/rows-query.ts FILTER_COLUMN), whose facet names they match.
 */

/** The filter menus counted from a column of `rows`: facet name = column name. */
const ROW_FACETS = ['tool', 'rule', 'stance', 'world_state', 'tool_condition', 'history', 'writer', 'ended_by'];
/** The filter menus counted from a column of `row_verdicts`, by facet name. */
const VERDICT_FACETS: [facet: string, column: string][] = [
  ['conduct', 'conduct_verdict'],
  ['conduct_rule', 'conduct_rule'],
  ['judge', 'judge_verdict'],
  ['label', 'human_label'],
];
/** The Judge column's shown verdict (013's SHOWN_VERDICT_SQL) of a row_verdicts line, `line` being `new`, `old` or the table. */
const shownVerdict = (line: string) =>
  `CASE WHEN ${line}.judge_verdict <> 'ungraded' THEN ${line}.judge_verdict ELSE ${line}.conduct_verdict END`;

const ADD = 'ON CONFLICT (run_id, facet, value) DO UPDATE SET n = n + excluded.n';
const counted = (run: string, pairs: [facet: string, value: string][], step: 1 | -1) =>
  `INSERT INTO row_facet_counts (run_id, facet, value, n) VALUES ${pairs
    .map(([facet, value]) => `(${run}, '${facet}', ${value}, ${step})`)
    .join(', ')} ${ADD};`;

const rowPairs = (line: string): [string, string][] => ROW_FACETS.map((column) => [column, `${line}.${column}`]);
const verdictPairs = (line: string): [string, string][] => [
  ...VERDICT_FACETS.map(([facet, column]): [string, string] => [facet, `${line}.${column}`]),
  ['shown_judge', `(${shownVerdict(line)})`],
];

/** A verdict facet moves only when its column's value did: a grade changes one or two of them, never all five. */
const verdictUpdateTriggers = [...VERDICT_FACETS, ['shown_judge', ''] as [string, string]].map(([facet, column]) => {
  const [before, after] = column ? [`old.${column}`, `new.${column}`] : [`(${shownVerdict('old')})`, `(${shownVerdict('new')})`];
  const watched = column || 'judge_verdict, conduct_verdict';
  return `CREATE TRIGGER facet_counts_verdicts_${facet} AFTER UPDATE OF ${watched} ON row_verdicts WHEN ${before} IS NOT ${after} BEGIN
      ${counted('old.run_id', [[facet, before]], -1)}
      ${counted('new.run_id', [[facet, after]], 1)}
    END;`;
});

/** A row's tag counts once however often the row carries it (the menu counts rows, not tags). */
const tagCount = (line: string) =>
  `(SELECT COUNT(*) FROM row_tags AS t WHERE t.run_id = ${line}.run_id AND t.tag = ${line}.tag AND t.ordinal = ${line}.ordinal)`;

/** The grades of one source and judge on one row, through grades_run_judge. */
const sameSourceGrades = (line: string) =>
  `(SELECT COUNT(*) FROM grades AS g WHERE g.run_id = ${line}.run_id AND g.label_source = ${line}.label_source
      AND g.judge_name = ${line}.judge_name AND g.row_id = ${line}.row_id)`;
const sourceCounted = (line: string, step: 1 | -1) =>
  `INSERT INTO grade_source_counts (run_id, label_source, judge_name, rows, grades)
      VALUES (${line}.run_id, ${line}.label_source, ${line}.judge_name, ${sameSourceGrades(line)} = ${step === 1 ? 1 : 0}, 1)
      ON CONFLICT (run_id, label_source, judge_name) DO UPDATE
      SET rows = rows + ${step} * excluded.rows, grades = grades + ${step};`;

/** Whether an UPDATE moved any of `columns`: a line rewritten with its own values must not count twice. */
const changed = (columns: string[]) => columns.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ');

const backfill = (facet: string, table: string, value: string, count = 'COUNT(*)') =>
  `SELECT run_id, '${facet}', ${value}, ${count} FROM ${table} GROUP BY run_id, ${value}`;

/**
 * The filter menus' counts, kept as rows are stored, graded and labelled instead of counted at each request: the
 * menus of a 100,000-row run read 15 indexes whole (300-500 ms, issue 25); now they read one run's lines of two small
 * tables. Triggers keep them in the writer's transaction, whichever process writes:
 * - `row_facet_counts`: rows per value of each filter column (rows' eight, row_verdicts' four, `shown_judge` for the
 *   Judge column of a run graded by both sources, `persona_tags` counting a row once per tag); a line can fall to 0;
 * - `grade_source_counts`: per source and judge, its grades and the rows it graded.
 * Filled here for the rows already stored.
 */
export const facetCounts: Migration = {
  version: 15,
  name: 'facet-counts',
  sql: `
    CREATE TABLE row_facet_counts (
      run_id TEXT NOT NULL,
      facet TEXT NOT NULL,
      value TEXT NOT NULL,
      n INTEGER NOT NULL,
      PRIMARY KEY (run_id, facet, value)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE grade_source_counts (
      run_id TEXT NOT NULL,
      label_source TEXT NOT NULL,
      judge_name TEXT NOT NULL,
      rows INTEGER NOT NULL,
      grades INTEGER NOT NULL,
      PRIMARY KEY (run_id, label_source, judge_name)
    ) STRICT, WITHOUT ROWID;

    INSERT INTO row_facet_counts (run_id, facet, value, n)
      ${[
        ...ROW_FACETS.map((column) => backfill(column, 'rows', column)),
        ...VERDICT_FACETS.map(([facet, column]) => backfill(facet, 'row_verdicts', column)),
        backfill('shown_judge', 'row_verdicts', `(${shownVerdict('row_verdicts')})`),
        backfill('persona_tags', 'row_tags', 'tag', 'COUNT(DISTINCT ordinal)'),
      ].join('\n      UNION ALL ')};
    INSERT INTO grade_source_counts (run_id, label_source, judge_name, rows, grades)
      SELECT run_id, label_source, judge_name, COUNT(DISTINCT row_id), COUNT(*) FROM grades GROUP BY run_id, label_source, judge_name;

    CREATE TRIGGER facet_counts_rows_insert AFTER INSERT ON rows BEGIN ${counted('new.run_id', rowPairs('new'), 1)} END;
    CREATE TRIGGER facet_counts_rows_delete AFTER DELETE ON rows BEGIN ${counted('old.run_id', rowPairs('old'), -1)} END;
    CREATE TRIGGER facet_counts_rows_update AFTER UPDATE OF run_id, ${ROW_FACETS.join(', ')} ON rows BEGIN
      ${counted('old.run_id', rowPairs('old'), -1)}
      ${counted('new.run_id', rowPairs('new'), 1)}
    END;

    CREATE TRIGGER facet_counts_verdicts_insert AFTER INSERT ON row_verdicts BEGIN ${counted('new.run_id', verdictPairs('new'), 1)} END;
    CREATE TRIGGER facet_counts_verdicts_delete AFTER DELETE ON row_verdicts BEGIN
      ${counted('old.run_id', verdictPairs('old'), -1)}
    END;
    ${verdictUpdateTriggers.join('\n    ')}

    CREATE TRIGGER facet_counts_tags_insert AFTER INSERT ON row_tags WHEN ${tagCount('new')} = 1 BEGIN
      ${counted('new.run_id', [['persona_tags', 'new.tag']], 1)}
    END;
    CREATE TRIGGER facet_counts_tags_delete AFTER DELETE ON row_tags WHEN ${tagCount('old')} = 0 BEGIN
      ${counted('old.run_id', [['persona_tags', 'old.tag']], -1)}
    END;
    CREATE TRIGGER facet_counts_tags_update AFTER UPDATE ON row_tags WHEN ${changed(['run_id', 'ordinal', 'tag'])} BEGIN
      INSERT INTO row_facet_counts (run_id, facet, value, n) SELECT old.run_id, 'persona_tags', old.tag, -1
        WHERE ${tagCount('old')} = 0 ${ADD};
      INSERT INTO row_facet_counts (run_id, facet, value, n) SELECT new.run_id, 'persona_tags', new.tag, 1
        WHERE ${tagCount('new')} = 1 ${ADD};
    END;

    CREATE TRIGGER grade_source_counts_insert AFTER INSERT ON grades BEGIN ${sourceCounted('new', 1)} END;
    CREATE TRIGGER grade_source_counts_delete AFTER DELETE ON grades BEGIN ${sourceCounted('old', -1)} END;
    CREATE TRIGGER grade_source_counts_update AFTER UPDATE ON grades
      WHEN ${changed(['run_id', 'label_source', 'judge_name', 'row_id'])} BEGIN
      ${sourceCounted('old', -1)}
      ${sourceCounted('new', 1)}
    END;
  `,
};
