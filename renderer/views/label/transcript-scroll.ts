/** How the Label view's keys move the conversation on screen. */
export type ScrollMove = 'page-down' | 'page-up' | 'line-down' | 'line-up' | 'start' | 'end';

/** A line: about one line of transcript text. */
const LINE_PX = 40;
/** A page keeps this much of the last screen in view, so the reader does not lose their place. */
const PAGE_OVERLAP = 0.1;

/** Where the scrolling area goes (px from its top) for a move: pages keep a little overlap; the ends are its ends. */
export function scrollTarget(move: ScrollMove, at: { top: number; height: number; scrollHeight: number }): number {
  const page = Math.max(LINE_PX, Math.round(at.height * (1 - PAGE_OVERLAP)));
  const bottom = Math.max(0, at.scrollHeight - at.height);
  const target = {
    'page-down': at.top + page,
    'page-up': at.top - page,
    'line-down': at.top + LINE_PX,
    'line-up': at.top - LINE_PX,
    start: 0,
    end: bottom,
  }[move];
  return Math.max(0, Math.min(bottom, target));
}
