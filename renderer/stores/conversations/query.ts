import { DEFAULT_ROW_SORT, ROW_FILTER_KEYS, RowFilters, RowsQuery, type RowFilterKey } from '../../../shared/api/rows';
import type { RouteFilters } from '../navigation/routes';

/** The longest search the contract's `rows.page` (and the saved query) accepts, read from its schema. */
export const SEARCH_MAX_CHARS: number = RowsQuery.shape.search.unwrap().maxLength ?? Number.POSITIVE_INFINITY;

/**
 * A search cut to what the contract accepts (as it checks it: after trimming), so a long paste never fails a page or
 * the saved query; `cut` says whether text was dropped.
 */
export function capSearch(text: string): { search: string; cut: boolean } {
  if (text.trim().length <= SEARCH_MAX_CHARS) return { search: text, cut: false };
  const kept = text.trimStart().slice(0, SEARCH_MAX_CHARS);
  return { search: kept, cut: true };
}

/** Rows per request; the table asks for the pages around what is on screen. */
export const PAGE_SIZE = 100;
/** Pages kept in memory per query (least recently used go first): 40 pages of 100 rows. */
export const MAX_CACHED_PAGES = 40;

function validValues(key: RowFilterKey, values: readonly string[]): string[] {
  const schema = RowFilters.shape[key];
  return [...new Set(values)].filter((value) => schema.safeParse([value]).success).sort();
}

/** Filters in one canonical form (known columns in table order, values sorted, no empty lists). */
export function normalizeFilters(filters: Readonly<Record<string, readonly string[] | undefined>>): RowFilters {
  const normalized: Record<string, string[]> = {};
  for (const key of ROW_FILTER_KEYS) {
    const values = validValues(key, filters[key] ?? []);
    if (values.length > 0) normalized[key] = values;
  }
  return normalized as RowFilters;
}

/** The filters a link carries (e.g. `?stance=hurried&tool=get_order`), keeping only columns and values the table knows. */
export function filtersFromRoute(filters: RouteFilters | undefined): RowFilters {
  return normalizeFilters(filters ?? {});
}

export function filtersToRoute(filters: RowFilters): RouteFilters | undefined {
  const entries = Object.entries(normalizeFilters(filters));
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

export function withFilter(filters: RowFilters, key: RowFilterKey, values: readonly string[]): RowFilters {
  return normalizeFilters({ ...filters, [key]: values });
}

export function activeFilterCount(filters: RowFilters): number {
  return Object.values(filters).filter((values) => values && values.length > 0).length;
}

export function defaultQuery(): RowsQuery {
  return { filters: {}, search: '', sort: DEFAULT_ROW_SORT };
}

/** Equal for the same run and the same rows in the same order, whatever order filters were chosen in. */
export function queryKeyOf(runId: string, query: RowsQuery): string {
  return JSON.stringify([runId, normalizeFilters(query.filters), query.search.trim(), query.sort.column, query.sort.direction]);
}

/** The page indexes covering rows `first..last` (inclusive), nearest the top first. */
export function pagesFor(first: number, last: number, total: number): number[] {
  if (total <= 0 || last < first) return [];
  const from = Math.max(0, Math.floor(first / PAGE_SIZE));
  const to = Math.min(Math.floor((total - 1) / PAGE_SIZE), Math.floor(Math.max(first, last) / PAGE_SIZE));
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);
}
