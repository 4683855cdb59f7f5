import { round4 } from './numbers';

/** A binary verdict: 1 = pass (the positive class), 0 = fail. */
export type Verdict = 0 | 1;

/** Counts of (predicted, truth) pairs with pass as the positive class. */
export interface Confusion {
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

export function tally(pairs: Iterable<readonly [predicted: Verdict, truth: Verdict]>): Confusion {
  const confusion: Confusion = { tp: 0, fp: 0, tn: 0, fn: 0 };
  for (const [predicted, truth] of pairs) {
    if (predicted === 1 && truth === 1) confusion.tp += 1;
    else if (predicted === 1) confusion.fp += 1;
    else if (truth === 1) confusion.fn += 1;
    else confusion.tn += 1;
  }
  return confusion;
}

export function total(confusion: Confusion): number {
  return confusion.tp + confusion.fp + confusion.tn + confusion.fn;
}

/**
 * Cohen's kappa, in [-1, 1], rounded to 4 dp; null when there are no pairs.
 * Computed on counts so that chance agreement pe == 1 (both raters used one and the same class)
 * is detected exactly: then kappa is 1 when they agree on every pair, else 0.
 */
export function cohenKappa(confusion: Confusion): number | null {
  const n = total(confusion);
  if (n === 0) return null;
  const { tp, fp, tn, fn } = confusion;
  const agreed = tp + tn;
  // n² · pe, from each rater's own marginals.
  const chance = (tp + fp) * (tp + fn) + (fn + tn) * (fp + tn);
  if (chance === n * n) return agreed === n ? 1 : 0;
  return round4((n * agreed - chance) / (n * n - chance));
}
