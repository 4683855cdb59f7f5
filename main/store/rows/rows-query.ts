import type { RowFilterKey, RowsQuery, RowSortColumn } from '../../../shared/api/rows';
import { statement, type Db } from '../database';
import { SHOWN_REWARD_SQL, SHOWN_VERDICT_SQL } from './shown-verdict-sql';

/*
 * SQL for the conversations table: a run's rows filtered, searched and sorted without loading the run. Only names
 * from closed sets are written into the SQL; every value is a bound parameter. Each filterable and sortable column
 * has a (run_id, column, ordinal) index, on `rows` or on `row_verdicts` (each row's latest verdicts, migrations 002
 * and 013).
 */

/** Joins each row's latest verdicts as `v`; only a sort on a verdict pays for it (filters read their own index). */
export const VERDICTS_JOIN = 'JOIN row_verdicts AS v ON v.run_id = rows.run_id AND v.ordinal = rows.ordinal';

/**
 * Which grades the Judge and Reward columns show in a run. A row shows its latest grade from a judge (any source but
 * conduct), else its latest conduct grade, so a run graded by the conduct checks alone shows their verdicts there too.
 * row_verdicts indexes that shown verdict and reward (SHOWN_VERDICT_SQL, SHOWN_REWARD_SQL, migration 013), so every
 * case reads one index; a run whose rows are all one case reads that source's own columns (and indexes):
 * - `judges`: every row's shown grade is its judge grade (or it has no grade at all);
 * - `conduct`: no judge graded any row, so every row shows its conduct grade;
 * - `either`: some rows show a judge's grade and some the conduct checks'.
 */
export type ShownJudgeSource = 'judges' | 'conduct' | 'either';

const HAS_VERDICT = `SELECT 1 AS found FROM row_verdicts WHERE run_id = ? AND`;

/** A few index probes: cheap enough for every page. */
export function shownJudgeSource(db: Db, runId: string): ShownJudgeSource {
  const has = (condition: string) =>
    statement<[string], { found: number }>(db, `${HAS_VERDICT} ${condition} LIMIT 1`).get(runId) !== undefined;
  if (!has("judge_verdict IN ('pass', 'fail', 'unsure', 'error')")) return 'conduct';
  if (!has("judge_verdict = 'ungraded'") || !has("conduct_verdict IN ('pass', 'fail', 'error')")) return 'judges';
  return 'either';
}

/** A row's shown Judge verdict (see ShownJudgeSource), over the verdicts join `v` (or row_verdicts aliased `v`). */
export function shownJudgeVerdictSql(source: ShownJudgeSource): string {
  switch (source) {
    case 'judges':
      return 'v.judge_verdict';
    case 'conduct':
      return 'v.conduct_verdict';
    case 'either':
      return SHOWN_VERDICT_SQL;
    default:
      return unknownSource(source);
  }
}

/** The reward beside the shown verdict, -1 for none. In a conduct-only run the shown reward is the conduct reward. */
function shownRewardSql(source: ShownJudgeSource): string {
  switch (source) {
    case 'judges':
      return 'v.judge_reward';
    case 'conduct':
    case 'either':
      return SHOWN_REWARD_SQL;
    default:
      return unknownSource(source);
  }
}

function unknownSource(source: never): never {
  throw new Error(`Unknown judge source ${String(source)}`);
}

/** The value each sortable column sorts by; never NULL, so keyset comparisons for neighbours stay simple. */
export function sortSql(column: RowSortColumn, source: ShownJudgeSource): string {
  if (column === 'judge') return shownJudgeVerdictSql(source);
  if (column === 'reward') return shownRewardSql(source);
  return SORT_SQL[column];
}

const SORT_SQL: Record<Exclude<RowSortColumn, 'judge' | 'reward'>, string> = {
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
  label: 'v.human_label',
};

/** Where each filter's values live; every one has a (run_id, column, ordinal) index. */
export const FILTER_COLUMN: Record<RowFilterKey, [table: string, column: string]> = {
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

function filterColumn(key: RowFilterKey, source: ShownJudgeSource): [table: string, column: string] {
  return key === 'judge' ? JUDGE_FILTER_COLUMN[source] : FILTER_COLUMN[key];
}

/**
 * The first one-value filter on a column of `rows` is a plain equality, so SQLite walks that column's index already
 * in ordinal order; failing one, in ordinal order the first one-value verdict filter drives the same way, over the
 * verdicts line `f` (see queryClauses). Every other filter is an ordinal set read from its own covering index: the
 * indexes intersect without reading a single row body, however deep the page.
 */
function filterSql(key: RowFilterKey, names: string[], driving: 'rows' | 'verdicts' | null, source: ShownJudgeSource): string {
  const [table, column] = filterColumn(key, source);
  if (driving === 'rows') return `rows.${column} ${valueList(names)}`;
  // Unqualified: the verdict columns and expressions (SHOWN_VERDICT_SQL) are row_verdicts' alone, here `f`.
  if (driving === 'verdicts') return `${column} ${valueList(names)}`;
  return `rows.ordinal IN (SELECT ordinal FROM ${table} WHERE run_id = @run_id AND ${column} ${valueList(names)})`;
}

/** The Judge filter matches the verdict the column shows (see ShownJudgeSource); `ungraded` is left with rows nobody graded. */
const JUDGE_FILTER_COLUMN: Record<ShownJudgeSource, [table: string, column: string]> = {
  judges: FILTER_COLUMN.judge,
  conduct: FILTER_COLUMN.conduct,
  either: ['row_verdicts', SHOWN_VERDICT_SQL],
};

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

export function activeFilters(query: Pick<RowsQuery, 'filters'>): [RowFilterKey, string[]][] {
  return (Object.entries(query.filters) as [RowFilterKey, string[] | undefined][]).filter(
    (entry): entry is [RowFilterKey, string[]] => entry[1] !== undefined && entry[1].length > 0,
  );
}

const VERDICT_SORTS: ReadonlySet<RowSortColumn> = new Set(['conduct', 'conduct_rule', 'reward', 'judge', 'label']);

function sortsByVerdict(sort: RowsQuery['sort']): boolean {
  return VERDICT_SORTS.has(sort.column);
}

export interface QueryClauses {
  /** `FROM rows` plus the verdicts join when the query needs it. */
  from: string;
  /** The ordinal an ordinal order and its keyset read (`rows.ordinal`, or the driving verdicts line's). */
  ordinal: string;
  /** `WHERE ...` for the run and the query's filters and search. */
  where: string;
  parameters: Record<string, string | number>;
}

/** The run's rows matching a query's filters and search. Empty value lists are ignored. */
export function queryClauses(
  runId: string,
  query: Pick<RowsQuery, 'filters' | 'search'> & Partial<Pick<RowsQuery, 'sort'>>,
  source: ShownJudgeSource,
): QueryClauses {
  const conditions = ['rows.run_id = @run_id'];
  const parameters: Record<string, string | number> = { run_id: runId };
  const joinsVerdicts = query.sort !== undefined && sortsByVerdict(query.sort);
  if (joinsVerdicts) conditions.push('v.run_id = @run_id');
  const filters = activeFilters(query);
  const isOneValueOn =
    (table: string) =>
    ([key, values]: [RowFilterKey, string[]]) =>
      values.length === 1 && filterColumn(key, source)[0] === table;
  const drivingRows = filters.find(isOneValueOn('rows'));
  // In ordinal order, a page of a verdict filter is the first lines of its index: no ordinal set to build first.
  const drivingVerdicts =
    drivingRows === undefined && query.sort?.column === 'ordinal' ? filters.find(isOneValueOn('row_verdicts')) : undefined;
  if (drivingVerdicts) conditions.push('f.run_id = @run_id');
  for (const filter of filters) {
    const names = bindValues(filter[0], filter[1], parameters);
    const driving = filter === drivingRows ? 'rows' : filter === drivingVerdicts ? 'verdicts' : null;
    conditions.push(filterSql(filter[0], names, driving, source));
  }
  const match = ftsQuery(query.search);
  if (match !== null) {
    conditions.push('rows.rowid IN (SELECT rowid FROM row_search WHERE row_search MATCH @search)');
    parameters.search = match;
  }
  const where = `WHERE ${conditions.join(' AND ')}`;
  if (drivingVerdicts) return { from: `FROM row_verdicts AS f ${DRIVING_ROWS_JOIN}`, ordinal: 'f.ordinal', where, parameters };
  return { from: joinsVerdicts ? `FROM rows ${VERDICTS_JOIN}` : 'FROM rows', ordinal: 'rows.ordinal', where, parameters };
}

const DRIVING_ROWS_JOIN = 'JOIN rows ON rows.run_id = f.run_id AND rows.ordinal = f.ordinal';

function bindValues(key: RowFilterKey, values: string[], parameters: Record<string, string | number>): string[] {
  return values.map((value, index) => {
    const name = `${key}_${index}`;
    parameters[name] = value;
    return name;
  });
}

/**
 * The count of a query whose one condition is a verdict filter, read from that filter's index alone: row_verdicts
 * holds exactly one line per row (002), so no row needs a probe. Null for any other query (count its queryClauses).
 */
export function verdictCountClauses(
  runId: string,
  query: Pick<RowsQuery, 'filters' | 'search'>,
  source: ShownJudgeSource,
): QueryClauses | null {
  const filters = activeFilters(query);
  const only = filters.length === 1 ? filters[0] : undefined;
  if (only === undefined || ftsQuery(query.search) !== null) return null;
  const [key, values] = only;
  const [table, column] = filterColumn(key, source);
  if (table !== 'row_verdicts') return null;
  const parameters: Record<string, string | number> = { run_id: runId };
  const names = bindValues(key, values, parameters);
  return { from: 'FROM row_verdicts', ordinal: 'ordinal', where: `WHERE run_id = @run_id AND ${column} ${valueList(names)}`, parameters };
}

/**
 * `ORDER BY` for a sort; ties break on the ordinal in the same direction, so every order is total. (The ordinal is
 * never repeated: `ORDER BY ordinal, ordinal` keeps SQLite from seeing that a filter's index is already in order.)
 */
export function orderClause(sort: RowsQuery['sort'], source: ShownJudgeSource, reverse = false, ordinal = 'rows.ordinal'): string {
  const direction = (sort.direction === 'asc') !== reverse ? 'ASC' : 'DESC';
  if (sort.column === 'ordinal') return `ORDER BY ${ordinal} ${direction}`;
  return `ORDER BY ${sortSql(sort.column, source)} ${direction}, ${tieBreaker(sort)} ${direction}`;
}

/** The ordinal from the same table as the sort key, so one index serves the whole order. */
function tieBreaker(sort: RowsQuery['sort']): string {
  return sortsByVerdict(sort) ? 'v.ordinal' : 'rows.ordinal';
}

/** Rows strictly before (`<`) or after (`>`) a row's sort key and ordinal, as bound `@key` and `@ordinal`. */
export function keysetCondition(
  sort: RowsQuery['sort'],
  source: ShownJudgeSource,
  comparison: '<' | '>',
  ordinal = 'rows.ordinal',
): string {
  if (sort.column === 'ordinal') return `${ordinal} ${comparison} @ordinal`;
  return `(${sortSql(sort.column, source)}, ${tieBreaker(sort)}) ${comparison} (@key, @ordinal)`;
}
