import type { FacetValue, RowFilterKey, RowsQuery } from '../../../shared/api/rows';
import { statement, type Db } from '../database';
import { activeFilters, FILTER_COLUMN, ftsQuery, shownJudgeVerdictSql, type ShownJudgeSource } from './rows-query';

/*
 * Counts under filters on the columns of `rows` and `row_verdicts`, read from row_verdict_counts (migration 022: rows
 * per run and combination of those columns, kept by triggers), so a menu or a total under "stance is hurried" or
 * "Judge is fail" sums a few thousand lines instead of reading the run's rows; the persona tags menu likewise from
 * row_tag_counts (migration 023: the same per tag). A filter on persona tags, or a search, needs the rows themselves:
 * null then.
 */

/** The filter keys row_verdict_counts has a column for (each named like its column of `rows` or `row_verdicts`). */
const COUNTED_KEYS: ReadonlySet<RowFilterKey> = new Set(
  (Object.entries(FILTER_COLUMN) as [RowFilterKey, [string, string]][])
    .filter(([, [table]]) => table === 'rows' || table === 'row_verdicts')
    .map(([key]) => key),
);

/** A counted key's value over a line of row_verdict_counts aliased `v`: the Judge filter and menu match the shown verdict. */
const countedValue = (key: RowFilterKey, source: ShownJudgeSource) =>
  key === 'judge' ? shownJudgeVerdictSql(source) : `v.${FILTER_COLUMN[key][1]}`;

type CountQuery = Pick<RowsQuery, 'filters' | 'search'>;

/** Whether the kept counts can say how many rows a query keeps: no search, and filters on counted columns alone. */
export const isCounted = (query: CountQuery) =>
  ftsQuery(query.search) === null && activeFilters(query).every(([key]) => COUNTED_KEYS.has(key));

/** The WHERE clause and parameters of a query on counted columns only; null when it has any other filter or a search. */
function countedWhere(
  runId: string,
  query: CountQuery,
  source: ShownJudgeSource,
): { where: string; parameters: Record<string, string> } | null {
  if (!isCounted(query)) return null;
  const filters = activeFilters(query);
  const parameters: Record<string, string> = { run_id: runId };
  const conditions = ['v.run_id = @run_id'];
  for (const [key, values] of filters) {
    const names = values.map((value, index) => {
      parameters[`${key}_${index}`] = value;
      return `@${key}_${index}`;
    });
    conditions.push(`${countedValue(key, source)} IN (${names.join(', ')})`);
  }
  return { where: `WHERE ${conditions.join(' AND ')}`, parameters };
}

/** The rows a query keeps, or null when the kept counts cannot say (see countedWhere). */
export function keptMatchingRows(db: Db, runId: string, query: CountQuery, source: ShownJudgeSource): number | null {
  const clause = countedWhere(runId, query, source);
  if (clause === null) return null;
  return statement<[Record<string, string>], { total: number }>(
    db,
    `SELECT COALESCE(SUM(v.rows), 0) AS total FROM row_verdict_counts AS v ${clause.where}`,
  ).get(clause.parameters)!.total;
}

/**
 * One counted column's values, or the persona tags', over the rows a query keeps (most frequent first), or null when
 * the counts cannot say.
 */
export function keptFacet(db: Db, runId: string, key: RowFilterKey, query: CountQuery, source: ShownJudgeSource): FacetValue[] | null {
  const clause = countedWhere(runId, query, source);
  if (clause === null || (key !== 'persona_tags' && !COUNTED_KEYS.has(key))) return null;
  // The tags menu counts rows per tag (migration 023); a row counts once under each tag it carries.
  const [value, table] = key === 'persona_tags' ? ['v.tag', 'row_tag_counts'] : [countedValue(key, source), 'row_verdict_counts'];
  return statement<[Record<string, string>], FacetValue>(
    db,
    `SELECT ${value} AS value, SUM(v.rows) AS count FROM ${table} AS v ${clause.where}
     GROUP BY ${value} HAVING SUM(v.rows) > 0 ORDER BY count DESC, value`,
  ).all(clause.parameters);
}
