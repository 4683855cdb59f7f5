import { fleissKappaDefinition, type KappaDefinition } from './kappa-definition';
import { round4 } from './numbers';

/** One row's ratings: how many of the raters said pass and how many fail (the same number of raters on every row). */
export interface RowRatings {
  pass: number;
  fail: number;
}

export interface FleissKappa extends KappaDefinition {
  /** Rows rated. */
  n: number;
  /** Mean agreement on a row (P-bar: the share of agreeing rater pairs), 4 dp; null without rows. */
  agreement: number | null;
  /** In [-1, 1], 4 dp; null without rows. With total chance agreement (one class throughout) 1, as Cohen's is. */
  kappa: number | null;
}

/**
 * Fleiss' kappa (Fleiss 1971) for m >= 2 raters on every row, two classes. Per row i with n_ij ratings of class j,
 * P_i = (sum_j n_ij^2 - m) / (m (m - 1)); P-bar is their mean; p_j = sum_i n_ij / (N m); P-e = sum_j p_j^2;
 * kappa = (P-bar - P-e) / (1 - P-e). Throws when rows carry different numbers of ratings (the formula assumes one m).
 */
export function fleissKappa(rows: readonly RowRatings[]): FleissKappa {
  const n = rows.length;
  const first = rows[0];
  if (first === undefined) return { n: 0, agreement: null, kappa: null, ...fleissKappaDefinition(0, 0, 0) };
  const raters = first.pass + first.fail;
  if (raters < 2) throw new Error('Fleiss kappa needs at least 2 ratings per row.');
  if (rows.some((row) => row.pass + row.fail !== raters)) throw new Error('Fleiss kappa needs the same number of ratings on every row.');
  let agreementSum = 0;
  let passes = 0;
  for (const row of rows) {
    agreementSum += (row.pass * row.pass + row.fail * row.fail - raters) / (raters * (raters - 1));
    passes += row.pass;
  }
  const ratings = n * raters;
  const observed = agreementSum / n;
  const passShare = passes / ratings;
  const chance = passShare * passShare + (1 - passShare) * (1 - passShare);
  const definition = fleissKappaDefinition(n, passes, ratings);
  const kappa = passes === 0 || passes === ratings ? 1 : round4((observed - chance) / (1 - chance));
  return { n, agreement: round4(observed), kappa, ...definition };
}
