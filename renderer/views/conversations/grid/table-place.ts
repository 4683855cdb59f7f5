import type { TablePlace } from '../../../stores/conversations/initial-state';

export interface Arrival {
  /** The grid's first scrollTop (px). */
  scrollTop: number;
  /** Whether the grid takes the keyboard focus as it appears (back from a conversation). */
  focus: boolean;
}

/** Px above the focused row when the table scrolls to it afresh. */
const ROW_MARGIN = 120;

/**
 * Where the table opens: back from a conversation of the same query it keeps the scroll offset it was left at, as long
 * as the focused row (the one opened, or the last one stepped to) is on screen there; otherwise it scrolls that row
 * into view. Rows are `rowHeight` px under a sticky header of `headerHeight` px.
 */
export function arrivalPlace(
  place: TablePlace | null,
  queryKey: string,
  focusedIndex: number,
  sizes: { rowHeight: number; headerHeight: number },
): Arrival {
  const rowTop = focusedIndex * sizes.rowHeight;
  const fresh = Math.max(0, rowTop - ROW_MARGIN);
  if (!place) return { scrollTop: fresh, focus: false };
  const isOnScreen = rowTop >= place.scrollTop && sizes.headerHeight + rowTop + sizes.rowHeight <= place.scrollTop + place.height;
  return { scrollTop: place.queryKey === queryKey && isOnScreen ? place.scrollTop : fresh, focus: place.returnFocus };
}
