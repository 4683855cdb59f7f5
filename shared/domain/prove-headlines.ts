/**
 * The verdicts a held-out before/after report can reach.
 * PASS: the interval is wholly above 0 and the gain beyond measured eval noise.
 * FAIL: wholly below 0 (significantly worse) and beyond eval noise when that is measured.
 * INCONCLUSIVE: a gain, but one eval run a side, so eval noise is unmeasured.
 * NOT COMPARABLE (situations): under half the tasks ran on both sides.
 */
export const HEADLINES = [
  'PASS',
  'FAIL',
  'NO DIFFERENCE',
  'INSUFFICIENT DATA',
  'INCONCLUSIVE (1 eval run a side, rerun to confirm)',
  'NOT COMPARABLE (situations)',
] as const;
export type Headline = (typeof HEADLINES)[number];
