import type { RowFilterKey, RowsQuery, RowSortColumn } from '../../shared/api/rows';

/*
 * SQL for the conversations table: a run's rows filtered, searched and sorted without loading the run. Only names
 * from closed sets are written into the SQL; every value is a bound parameter. Each filterable and sortable column
 * has a (run_id, column, ordinal) index, on `rows` or on `row_verdicts` (each row's latest verdicts, migration 002).
 */

/** Joins each row's latest verdicts as `v`; only a sort on a verdict pays for it (filters read their own index). */
export const VERDICTS_JOIN = 'JOIN row_verdicts AS v ON v.run_id = rows.run_id AND v.ordinal = rows.ordinal';

/** The value each sortable column sorts by; never NULL, so keyset comparisons for neighbours stay simple. */
export const SORT_SQL: Record<RowSortColumn, string> = {
  ordinal: 'rows.ordinal',
  scenario_id: 'rows.scenario_id',
  tool: 'rows.tool',
  rule: 'rows.rule',
  stance: 'rows.stance',
  world_state: 'rows.world_state',
  tool_condition: 'rows.tool_condition',
  history: 'rows.history',
  writer: 'rows.writer',
  turns: 'rows.turns',
  ended_by: 'rows.ended_by',
  conduct: 'v.conduct_verdict',
  conduct_rule: 'v.conduct_rule',
  reward: 'v.judge_reward',
  judge: 'v.judge_verdict',
  label: 'v.human_label',
};

/** Where each filter's values live; every one has a (run_id, column, ordinal) index. */
const FILTER_COLUMN: Record<RowFilterKey, [table: string, column: string]> = {
  tool: ['rows', 'tool'],
  rule: ['rows', 'rule'],
  stance: ['rows', 'stance'],
  world_state: ['rows', 'world_state'],
  tool_condition: ['rows', 'tool_condition'],
  history: ['rows', 'history'],
  writer: ['rows', 'writer'],
  ended_by: ['rows', 'ended_by'],
  persona_tags: ['row_tags', 'tag'],
  conduct: ['row_verdicts', 'conduct_verdict'],
  conduct_rule: ['row_verdicts', 'conduct_rule'],
  judge: ['row_verdicts', 'judge_verdict'],
  label: ['row_verdicts', 'human_label'],
};

function valueList(names: string[]): string {
  return names.length === 1 ? `= @${names[0]}` : `IN (${names.map((name) => `@${name}`).join(', ')})`;
}

/**
 * The first one-value filter on a column of `rows` is a plain equality, so SQLite walks that column's index already
 * in ordinal order. Every other filter is an ordinal set read from its own covering index: the indexes intersect
 * without reading a single row body, however deep the page.
 */
function filterSql(key: RowFilterKey, names: string[], isDriving: boolean): string {
  const [table, column] = FILTER_COLUMN[key];
  if (isDriving) return `rows.${column} ${valueList(names)}`;
  return `rows.ordinal IN (SELECT ordinal FROM ${table} WHERE run_id = @run_id AND ${column} ${valueList(names)})`;
}

/**
 * A search box's text as an FTS5 query: each word a quoted prefix term, all of them required. Quotes and
 * operators typed by a person are taken literally, never as query syntax.
 */
export function ftsQuery(search: string): string | null {
  const terms = search
    .split(/\s+/)
    .map((word) => word.replaceAll('"', ''))
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  return terms.length === 0 ? null : terms.map((word) => `"${word}"*`).join(' ');
}

function activeFilters(query: Pick<RowsQuery, 'filters'>): [RowFilterKey, string[]][] {
  return (Object.entries(query.filters) as [RowFilterKey, string[] | undefined][]).filter(
    (entry): entry is [RowFilterKey, string[]] => entry[1] !== undefined && entry[1].length > 0,
  );
}

function sortsByVerdict(query: Pick<RowsQuery, 'sort'>): boolean {
  return SORT_SQL[query.sort.column].startsWith('v.');
}

export interface QueryClauses {
  /** `FROM rows` plus the verdicts join when the query needs it. */
  from: string;
  /** `WHERE ...` for the run and the query's filters and search. */
  where: string;
  parameters: Record<string, string | number>;
}

/** The run's rows matching a query's filters and search. Empty value lists are ignored. */
export function queryClauses(runId: string, query: Pick<RowsQuery, 'filters' | 'search'> & Partial<Pick<RowsQuery, 'sort'>>): QueryClauses {
  const conditions = ['rows.run_id = @run_id'];
  const parameters: Record<string, string | number> = { run_id: runId };
  const joinsVerdicts = query.sort !== undefined && sortsByVerdict({ sort: query.sort });
  if (joinsVerdicts) conditions.push('v.run_id = @run_id');
  let hasDriving = false;
  for (const [key, values] of activeFilters(query)) {
    const names = values.map((value, index) => {
      const name = `${key}_${index}`;
      parameters[name] = value;
      return name;
    });
    const isDriving: boolean = !hasDriving && values.length === 1 && FILTER_COLUMN[key][0] === 'rows';
    hasDriving ||= isDriving;
    conditions.push(filterSql(key, names, isDriving));
  }
  const match = ftsQuery(query.search);
  if (match !== null) {
    conditions.push('rows.rowid IN (SELECT rowid FROM row_search WHERE row_search MATCH @search)');
    parameters.search = match;
  }
  return { from: joinsVerdicts ? `FROM rows ${VERDICTS_JOIN}` : 'FROM rows', where: `WHERE ${conditions.join(' AND ')}`, parameters };
}

/**
 * `ORDER BY` for a sort; ties break on the ordinal in the same direction, so every order is total. (The ordinal is
 * never repeated: `ORDER BY ordinal, ordinal` keeps SQLite from seeing that a filter's index is already in order.)
 */
export function orderClause(sort: RowsQuery['sort'], reverse = false): string {
  const direction = (sort.direction === 'asc') !== reverse ? 'ASC' : 'DESC';
  if (sort.column === 'ordinal') return `ORDER BY rows.ordinal ${direction}`;
  return `ORDER BY ${SORT_SQL[sort.column]} ${direction}, ${tieBreaker(sort)} ${direction}`;
}

/** The ordinal from the same table as the sort key, so one index serves the whole order. */
function tieBreaker(sort: RowsQuery['sort']): string {
  return sortsByVerdict({ sort }) ? 'v.ordinal' : 'rows.ordinal';
}

/** Rows strictly before (`<`) or after (`>`) a row's sort key and ordinal, as bound `@key` and `@ordinal`. */
export function keysetCondition(sort: RowsQuery['sort'], comparison: '<' | '>'): string {
  if (sort.column === 'ordinal') return `rows.ordinal ${comparison} @ordinal`;
  return `(${SORT_SQL[sort.column]}, ${tieBreaker(sort)}) ${comparison} (@key, @ordinal)`;
}
