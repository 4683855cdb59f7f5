/** Judge-measurement constants, named and valued as in the SDK's `defaults.py`. */

/** Human gold labels before judge accuracy means anything. */
export const MIN_GOLD = 50;
/** pass_when_gold_fail at or above this is a leak worth a warning. */
export const LEAK_THRESHOLD = 0.1;
/** Floor on the Wilson lower bound of agreement, not on agreement itself. */
export const MIN_AGREEMENT = 0.8;
export const MIN_KAPPA = 0.6;
/** Largest share of gold-labelled rows the judge may leave ungraded. */
export const MAX_SKIPPED_SHARE = 0.1;
export const Z_95 = 1.96;
