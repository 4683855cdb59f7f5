import { useLayoutEffect, useReducer, useRef } from 'react';

/**
 * Lines drawn in full for the first time per frame while scrolling. A line costs the browser about a millisecond and
 * a half to style, lay out and paint; a flick or a jump brings a whole screen of new lines at once, which would be one
 * long task. Drawing at most this many new lines per frame (the focused line, then those on screen from the top) keeps
 * every frame short; the rest show their placeholder for a few frames (a whole screen takes about six, a tenth of a second).
 * Reading speed (a few lines a frame) never reaches it.
 */
export const FILL_PER_FRAME = 5;

export interface LineCandidate {
  /** Position in the query's order. */
  index: number;
  /** Undefined while the line's page loads. */
  rowId: string | undefined;
}

/** The lines on screen (positions, inclusive) and the one the keyboard is on, drawn before any other. */
export interface LineView {
  first: number;
  last: number;
  focused?: number;
}

/**
 * Which lines to draw in full: those drawn already stay drawn; new ones, the focused line and then those nearest the
 * screen first (from the top), while `budget` lasts. `isPending` is true when a loaded line waits for a later frame.
 */
export function chooseFilled(
  lines: readonly LineCandidate[],
  view: LineView,
  drawn: ReadonlySet<string>,
  budget: number,
): { filled: Set<string>; isPending: boolean } {
  const distance = (index: number) =>
    index === view.focused ? -1 : index < view.first ? view.first - index : index > view.last ? index - view.last : 0;
  const order = [...lines].sort((a, b) => distance(a.index) - distance(b.index) || a.index - b.index);
  const filled = new Set<string>();
  let left = budget;
  let isPending = false;
  for (const line of order) {
    if (line.rowId === undefined) continue;
    if (drawn.has(line.rowId)) filled.add(line.rowId);
    else if (left > 0) {
      filled.add(line.rowId);
      left -= 1;
    } else isPending = true;
  }
  return { filled, isPending };
}

/**
 * The row ids to draw in full this render (see `FILL_PER_FRAME`); asks for another render on the next frame while
 * some wait. A new `resetKey` (a new query's first page, the first render) draws every line at once: opening the
 * table or applying a filter shows the whole screen in one go.
 */
export function useProgressiveFill(lines: readonly LineCandidate[], view: LineView, resetKey: string | null): ReadonlySet<string> {
  const drawn = useRef<{ key: string | null | undefined; ids: ReadonlySet<string> }>({ key: undefined, ids: new Set() });
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  const isFresh = drawn.current.key !== resetKey;
  const { filled, isPending } = chooseFilled(
    lines,
    view,
    isFresh ? new Set() : drawn.current.ids,
    isFresh ? Number.POSITIVE_INFINITY : FILL_PER_FRAME,
  );
  // Asked for at commit (not in a passive effect, which may run after the next frame has begun), so the next lines
  // are drawn in the very next frame.
  useLayoutEffect(() => {
    drawn.current = { key: resetKey, ids: filled };
    if (!isPending) return;
    const frame = requestAnimationFrame(redraw);
    return () => cancelAnimationFrame(frame);
  });
  return filled;
}
