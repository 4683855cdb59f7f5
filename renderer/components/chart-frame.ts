/** The drawing area shared by the small charts: a fixed viewBox the SVG scales into. */
export const CHART = { width: 480, height: 150, top: 8, right: 10, bottom: 22, left: 40 } as const;

export const plotWidth = CHART.width - CHART.left - CHART.right;
export const plotHeight = CHART.height - CHART.top - CHART.bottom;

/** Every nth label so that at most `most` are drawn along an axis. */
export function labelStep(count: number, most = 12): number {
  return Math.max(1, Math.ceil(count / most));
}
