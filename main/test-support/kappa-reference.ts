/*
 * Kappa from the textbook formulas, written apart from the engine and over any number of categories, so tests can hold
 * the engine's two-class arithmetic (counts, rounding, the one-class cases) to it.
 * - Cohen, J. (1960). A coefficient of agreement for nominal scales. Educational and Psychological Measurement 20(1):
 *   kappa = (p_o - p_c) / (1 - p_c), p_o the share of items both raters put in one category, p_c = sum over categories
 *   of the product of the two raters' marginal shares.
 * - Fleiss, J. L. (1971). Measuring nominal scale agreement among many raters. Psychological Bulletin 76(5): N items,
 *   n raters each, n_ij raters put item i in category j; P_i = (sum_j n_ij^2 - n) / (n (n - 1)), P-bar their mean,
 *   p_j = sum_i n_ij / (N n), P-bar_e = sum_j p_j^2, kappa = (P-bar - P-bar_e) / (1 - P-bar_e).
 * Both are NaN where the denominator is 0 (total chance agreement): undefined, as the app says.
 */

/** Cohen's kappa of two raters' categories, item by item (`first[i]` and `second[i]` rate the same item). */
export function referenceCohenKappa<C>(first: readonly C[], second: readonly C[]): number {
  if (first.length !== second.length) throw new Error('the two raters must rate the same items');
  const items = first.length;
  const categories = new Set([...first, ...second]);
  let observed = 0;
  for (let index = 0; index < items; index += 1) if (first[index] === second[index]) observed += 1;
  const share = (ratings: readonly C[], category: C) => ratings.filter((rating) => rating === category).length / items;
  let chance = 0;
  for (const category of categories) chance += share(first, category) * share(second, category);
  return (observed / items - chance) / (1 - chance);
}

/** Fleiss' kappa from an items x categories table of counts (every row sums to the same number of raters). */
export function referenceFleissKappa(table: readonly (readonly number[])[]): { kappa: number; observed: number; chance: number } {
  const items = table.length;
  const raters = table[0]!.reduce((sum, count) => sum + count, 0);
  const categories = table[0]!.length;
  const perItem = table.map((row) => (row.reduce((sum, count) => sum + count * count, 0) - raters) / (raters * (raters - 1)));
  const observed = perItem.reduce((sum, value) => sum + value, 0) / items;
  let chance = 0;
  for (let category = 0; category < categories; category += 1) {
    const share = table.reduce((sum, row) => sum + row[category]!, 0) / (items * raters);
    chance += share * share;
  }
  return { kappa: (observed - chance) / (1 - chance), observed, chance };
}

/** Rounded as the app reports every figure. */
export const fourPlaces = (value: number): number => Math.round(value * 10_000) / 10_000 + 0;
