import type { FacetValue, RowFilterKey, RowsQuery } from '../../../shared/api/rows';
import { statement, type Db } from '../database';
import { activeFilters, FILTER_COLUMN, ftsQuery } from './rows-query';

/*
 * Counts under filters on the columns of `rows` alone, read from row_filter_counts (migration 017: rows per run and
 * combination of those columns, kept by triggers), so a menu or a total under "stance is hurried" sums a few thousand
 * lines instead of reading the run's rows. Any other filter, or a search, needs the rows themselves: null then.
 */

/** The filter keys row_filter_counts has a column for (each named like its column of `rows`). */
const COUNTED_KEYS: ReadonlySet<RowFilterKey> = new Set(
  (Object.entries(FILTER_COLUMN) as [RowFilterKey, [string, string]][]).filter(([, [table]]) => table === 'rows').map(([key]) => key),
);

type CountQuery = Pick<RowsQuery, 'filters' | 'search'>;

/** The WHERE clause and parameters of a query on counted columns only; null when it has any other filter or a search. */
function countedWhere(runId: string, query: CountQuery): { where: string; parameters: Record<string, string> } | null {
  if (ftsQuery(query.search) !== null) return null;
  const filters = activeFilters(query);
  if (!filters.every(([key]) => COUNTED_KEYS.has(key))) return null;
  const parameters: Record<string, string> = { run_id: runId };
  const conditions = ['run_id = @run_id'];
  for (const [key, values] of filters) {
    const names = values.map((value, index) => {
      parameters[`${key}_${index}`] = value;
      return `@${key}_${index}`;
    });
    conditions.push(`${FILTER_COLUMN[key][1]} IN (${names.join(', ')})`);
  }
  return { where: `WHERE ${conditions.join(' AND ')}`, parameters };
}

/** The rows a query keeps, or null when the kept counts cannot say (see countedWhere). */
export function keptMatchingRows(db: Db, runId: string, query: CountQuery): number | null {
  const clause = countedWhere(runId, query);
  if (clause === null) return null;
  return statement<[Record<string, string>], { total: number }>(
    db,
    `SELECT COALESCE(SUM(rows), 0) AS total FROM row_filter_counts ${clause.where}`,
  ).get(clause.parameters)!.total;
}

/** One counted column's values over the rows a query keeps (most frequent first), or null when the counts cannot say. */
export function keptFacet(db: Db, runId: string, key: RowFilterKey, query: CountQuery): FacetValue[] | null {
  const clause = countedWhere(runId, query);
  if (clause === null || !COUNTED_KEYS.has(key)) return null;
  return statement<[Record<string, string>], FacetValue>(
    db,
    `SELECT ${FILTER_COLUMN[key][1]} AS value, SUM(rows) AS count FROM row_filter_counts ${clause.where}
     GROUP BY value HAVING SUM(rows) > 0 ORDER BY count DESC, value`,
  ).all(clause.parameters);
}
