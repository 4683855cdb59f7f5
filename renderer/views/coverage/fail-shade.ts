/**
 * How red a square with failures is drawn: the share of its graded rows that fail, on a straight scale from a faint
 * tint (a lone failure among many) to a deep red (all fail), so 1 of 20 and 13 of 21 never look alike.
 * Returns the percentage of the fail colour mixed into the square's background.
 */
export function failMix(share: number): number {
  const clamped = Math.min(1, Math.max(0, share));
  return Math.round(FAIL_MIX_FLOOR + clamped * (FAIL_MIX_CEILING - FAIL_MIX_FLOOR));
}

const FAIL_MIX_FLOOR = 8;
const FAIL_MIX_CEILING = 80;

/** Past this share the square is dark enough that its number is drawn in the light colour. */
export const STRONG_FAIL_SHARE = 0.5;

/** The shares the legend's ramp shows. */
export const LEGEND_SHARES = [0.05, 0.25, 0.5, 1] as const;
