import type { RowSummary } from '../../../shared/api/rows';
import { MAX_CACHED_PAGES, PAGE_SIZE } from './query';

/** Pages of one query, bounded: the least recently used page goes when a new one would exceed the limit. */
export interface PageCache {
  pages: Readonly<Record<number, readonly RowSummary[]>>;
  /** Least recently used first. */
  order: readonly number[];
}

export const EMPTY_CACHE: PageCache = { pages: {}, order: [] };

export function putPage(cache: PageCache, index: number, rows: readonly RowSummary[], limit = MAX_CACHED_PAGES): PageCache {
  const order = [...cache.order.filter((page) => page !== index), index];
  const pages: Record<number, readonly RowSummary[]> = { ...cache.pages, [index]: rows };
  while (order.length > limit) delete pages[order.shift()!];
  return { pages, order };
}

/** Marks pages as just used, so scrolling back and forth keeps what is on screen. */
export function touchPages(cache: PageCache, indexes: readonly number[]): PageCache {
  const present = indexes.filter((index) => cache.pages[index] !== undefined);
  if (present.length === 0 || present.every((index, position) => cache.order[cache.order.length - present.length + position] === index))
    return cache;
  return { pages: cache.pages, order: [...cache.order.filter((page) => !present.includes(page)), ...present] };
}

/** The row at a position in the query's order, when its page is loaded. */
export function rowAt(cache: PageCache, index: number): RowSummary | undefined {
  return cache.pages[Math.floor(index / PAGE_SIZE)]?.[index % PAGE_SIZE];
}
