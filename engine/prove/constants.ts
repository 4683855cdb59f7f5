/** Statistics constants, named and valued as in the SDK's `defaults.py` and `score/stats.py`. */

export const ALPHA = 0.05;
export const CI_LEVEL = 0.95;
export const Z_95 = 1.96;
export const POWER = 0.8;
/** Draws in every percentile bootstrap interval and every sign-flip permutation test. */
export const BOOTSTRAP_DRAWS = 2000;
/** Tasks per side an unpaired bootstrap needs. */
export const MIN_CI_TASKS = 3;
/** Shared tasks a paired comparison needs (compare_runs' min_paired). */
export const MIN_PAIRED = 5;
/** |mean(±d)| counts as extreme when >= |delta| - this, so float noise cannot hide a tie. */
export const PERMUTATION_TOLERANCE = 1e-12;
/** A comparison is "not comparable" when fewer than this share of tasks ran on both sides. */
export const MIN_PAIRED_SHARE = 0.5;
export const BASE_PASS_RATE = 0.6;
export const CEILING_PASS_RATE = 0.9;
export const ROLLOUTS_PER_TASK = 4;
/** The gain holdout sizing plans for by default, in pass-rate points (0.05 = 5 points). */
export const PROVE_EFFECT = 0.05;
export const MIN_HOLDOUT_TASKS = 2;
/** Fixed-point steps detectable_effect takes to invert holdout_size. */
export const DETECTABLE_EFFECT_STEPS = 12;
/**
 * Paired tasks below which a category reads "low n": ceil(log2(2 / ALPHA)) = 6, the fewest tasks
 * whose most extreme sign-flip p-value, 2 / 2^n, can fall under ALPHA.
 */
export const MIN_SLICE_TASKS = Math.ceil(Math.log2(2 / ALPHA));
