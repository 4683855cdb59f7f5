import type { QueueItem } from '../../../shared/api/labels';
import { LABEL_VALUES, type LabelValue } from '../../../shared/domain';
import { PAGE_SIZE, type QueueCounts } from './initial-state';

type Pages = Readonly<Record<number, readonly QueueItem[]>>;

/** Pages kept around the position: enough to step back and forth, never the whole run. */
const KEPT_PAGES = 2;
/** Within this many rows of a page's end, the next page is read ahead. */
export const READ_AHEAD = 40;

export function pageOf(position: number): number {
  return Math.floor(position / PAGE_SIZE);
}

export function itemAt(pages: Pages, position: number): QueueItem | null {
  return pages[pageOf(position)]?.[position % PAGE_SIZE] ?? null;
}

/** The pages a position needs: its own, and its neighbour when it is near an edge. */
export function pagesNeeded(position: number, total: number): number[] {
  if (total === 0) return [];
  const page = pageOf(position);
  const offset = position % PAGE_SIZE;
  const needed = [page];
  if (offset >= PAGE_SIZE - READ_AHEAD && (page + 1) * PAGE_SIZE < total) needed.push(page + 1);
  if (offset < READ_AHEAD && page > 0) needed.push(page - 1);
  return needed;
}

/** Drops pages far from the position, so a long session at 100,000 rows holds a few hundred items. */
export function prunePages(pages: Pages, position: number): Pages {
  const page = pageOf(position);
  const kept = Object.entries(pages).filter(([index]) => Math.abs(Number(index) - page) <= KEPT_PAGES);
  return kept.length === Object.keys(pages).length ? pages : Object.fromEntries(kept);
}

/** The pages with one row's label replaced (the row sits on at most one page). */
export function withItemLabel(pages: Pages, rowId: string, label: LabelValue | null): Pages {
  for (const [index, items] of Object.entries(pages)) {
    const at = items.findIndex((item) => item.row_id === rowId);
    if (at === -1) continue;
    const next = items.slice();
    next[at] = { ...items[at]!, label };
    return { ...pages, [index]: next };
  }
  return pages;
}

/** The annotator's counts after one of their labels on a row changed from `previous` to `next`. */
export function countsAfter(counts: QueueCounts, previous: LabelValue | null, next: LabelValue | null): QueueCounts {
  if (previous === next) return counts;
  const byLabel = { ...Object.fromEntries(LABEL_VALUES.map((value) => [value, 0])), ...counts.by_label } as Record<LabelValue, number>;
  if (previous !== null) byLabel[previous] = Math.max(0, byLabel[previous] - 1);
  if (next !== null) byLabel[next] += 1;
  const labelled = counts.labelled + (previous === null ? 1 : 0) - (next === null ? 1 : 0);
  return { ...counts, labelled: Math.max(0, labelled), by_label: byLabel };
}
