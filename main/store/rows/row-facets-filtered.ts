import { ROW_FILTER_KEYS, type FacetValue, type RowFacets, type RowFilterKey, type RowsQuery } from '../../../shared/api/rows';
import type { Db } from '../database';
import { readHere, type ReadAll } from '../off-thread-reads';
import { rowFacets } from './row-facets-repository';
import { matchingRowsCountSql } from './rows-page-repository';
import { isCounted, keptFacet, keptMatchingRows } from './row-filter-counts';
import { FILTER_COLUMN, queryClauses, shownJudgeSource, shownJudgeVerdictSql, VERDICTS_JOIN, type ShownJudgeSource } from './rows-query';

type FacetQuery = Pick<RowsQuery, 'filters' | 'search'>;

/** The query without one filter: what a column's menu is counted under. */
function withoutFilter(query: FacetQuery, key: RowFilterKey): FacetQuery {
  const { [key]: _left, ...filters } = query.filters;
  return { filters, search: query.search };
}

const isActive = (query: FacetQuery, key: RowFilterKey) => (query.filters[key]?.length ?? 0) > 0;
const isBare = (query: FacetQuery) => query.search === '' && ROW_FILTER_KEYS.every((key) => !isActive(query, key));

/**
 * One column's values counted over the rows `query` keeps (persona tags count rows; the Judge menu the shown verdict):
 * from the kept counts when they can say, else by `read`.
 */
async function facetUnder(
  db: Db,
  read: ReadAll,
  runId: string,
  key: RowFilterKey,
  query: FacetQuery,
  source: ShownJudgeSource,
): Promise<FacetValue[]> {
  const facets = keptFacet(db, runId, key, query, source) ?? (await readFacet(read, runId, key, query, source));
  return key === 'conduct_rule' ? facets.filter((facet) => facet.value !== '') : facets;
}

/** facetUnder by reading the rows `query` keeps (and their tags or verdicts). */
async function readFacet(read: ReadAll, runId: string, key: RowFilterKey, query: FacetQuery, source: ShownJudgeSource) {
  const clauses = queryClauses(runId, query, source);
  if (key === 'persona_tags') {
    return read<FacetValue>(
      // CROSS JOIN: the rows the query keeps first, then their tags by primary key, not every tag of the run then its row.
      `SELECT t.tag AS value, COUNT(DISTINCT t.ordinal) AS count ${clauses.from}
         CROSS JOIN row_tags AS t ON t.run_id = rows.run_id AND t.ordinal = rows.ordinal ${clauses.where}
         GROUP BY t.tag ORDER BY count DESC, value`,
      clauses.parameters,
    );
  }
  const [table, column] = FILTER_COLUMN[key];
  const value = key === 'judge' ? shownJudgeVerdictSql(source) : table === 'rows' ? `rows.${column}` : `v.${column}`;
  const join = table === 'rows' && key !== 'judge' ? '' : VERDICTS_JOIN;
  return read<FacetValue>(
    `SELECT ${value} AS value, COUNT(*) AS count ${clauses.from} ${join} ${clauses.where} GROUP BY ${value} ORDER BY count DESC, value`,
    clauses.parameters,
  );
}

/** The menus counted from row_verdicts: under one query they share its rows, so one pass counts them all. */
const VERDICT_KEYS: readonly RowFilterKey[] = ROW_FILTER_KEYS.filter((key) => FILTER_COLUMN[key][0] === 'row_verdicts');

/** SQLite's ORDER BY value (BINARY: UTF-8 bytes), for values counted in JavaScript. */
const byBytes = (left: string, right: string) => Buffer.compare(Buffer.from(left), Buffer.from(right));

/**
 * facetUnder for several verdict columns under the same query, in one pass over the rows it keeps: each combination of
 * their values counted once, then summed per column (most frequent first, then by value, as SQL orders them).
 */
async function verdictFacetsUnder(
  read: ReadAll,
  runId: string,
  keys: readonly RowFilterKey[],
  query: FacetQuery,
  source: ShownJudgeSource,
) {
  const clauses = queryClauses(runId, query, source);
  const values = keys.map((key) => (key === 'judge' ? shownJudgeVerdictSql(source) : `v.${FILTER_COLUMN[key][1]}`));
  const combinations = await read<Record<string, string | number>>(
    `SELECT ${values.map((value, index) => `${value} AS c${index}`).join(', ')}, COUNT(*) AS n ${clauses.from} ${VERDICTS_JOIN}
     ${clauses.where} GROUP BY ${values.join(', ')}`,
    clauses.parameters,
  );
  return new Map<RowFilterKey, FacetValue[]>(
    keys.map((key, index) => {
      const counts = new Map<string, number>();
      for (const combination of combinations) {
        const value = String(combination[`c${index}`]);
        counts.set(value, (counts.get(value) ?? 0) + Number(combination.n));
      }
      const facets = [...counts]
        .map(([value, count]) => ({ value, count }))
        .sort((left, right) => right.count - left.count || byBytes(left.value, right.value));
      return [key, key === 'conduct_rule' ? facets.filter((facet) => facet.value !== '') : facets];
    }),
  );
}

/**
 * The filter menus under a query: each column's values counted over the rows every other active filter and the search
 * keep (so "impatient 8" is what ticking it would give), and per active filter the rows the query would keep without it
 * (`total` stays the run's rows). Columns no other filter narrows take the run's plain counts (rowFacets). Counts the
 * kept tables cannot give are read by `read` (OffThreadReads in the app: at 1,000,000 rows they take seconds).
 */
export async function filteredRowFacets(db: Db, runId: string, query: FacetQuery, read: ReadAll = readHere(db)): Promise<RowFacets> {
  const plain = rowFacets(db, runId);
  if (isBare(query)) return plain;
  const source = shownJudgeSource(db, runId);
  const columns = {} as RowFacets['columns'];
  const without: NonNullable<RowFacets['without']> = {};
  // Read from the rows, the verdict menus no filter of theirs narrows are all counted under the whole query at once.
  const shared = isCounted(query) ? [] : VERDICT_KEYS.filter((key) => !isActive(query, key));
  const sharedFacets =
    shared.length > 1 ? await verdictFacetsUnder(read, runId, shared, query, source) : new Map<RowFilterKey, FacetValue[]>();
  for (const key of ROW_FILTER_KEYS) {
    const others = withoutFilter(query, key);
    columns[key] = isBare(others)
      ? (plain.columns[key] ?? [])
      : (sharedFacets.get(key) ?? (await facetUnder(db, read, runId, key, others, source)));
    if (isActive(query, key)) without[key] = isBare(others) ? plain.total : await countWithout(db, read, runId, others, source);
  }
  return { total: plain.total, columns, sources: plain.sources, without };
}

/** The rows a query keeps: from the kept counts when they can say, else by `read`. */
async function countWithout(db: Db, read: ReadAll, runId: string, query: FacetQuery, source: ShownJudgeSource): Promise<number> {
  const kept = keptMatchingRows(db, runId, query, source);
  if (kept !== null) return kept;
  const count = matchingRowsCountSql(runId, query, source);
  const [line] = await read<{ total: number }>(count.sql, count.parameters);
  return line!.total;
}
