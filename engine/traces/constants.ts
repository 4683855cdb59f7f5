/** Cosine (hashed n-gram vectors) at or above which a generated ask near-copies a source trace. */
export const TRACE_LEAK_THRESHOLD = 0.9;
/** Offenders listed in a leakage report; the count is always complete. */
export const TRACE_LEAK_EXAMPLES = 20;
/** Graded traces a cell needs before "never failed" rules out a majority fail rate (Clopper-Pearson at n=3). */
export const TRACE_MIN_SUPPORT = 3;
/** Share of structured slots always kept for broad coverage, and the most a caller may reserve. */
export const TRACE_EXPLORATION_FLOOR = 0.2;
export const TRACE_EXPLORATION_MAX = 0.6;
/** Failures at which a cell's support factor reaches 1.0 (it starts at 0.5). */
export const TRACE_SUPPORT_SATURATION = 6;
/** The rate factor is floor + (1 - floor) * fail rate: a cell that never fails keeps a quarter of the weight. */
export const TRACE_RATE_FLOOR = 0.25;
/** A hot region multiplies a matching cell's weight by 1 + HOT_REGION_BOOST * share. */
export const HOT_REGION_BOOST = 4;
export const TOOL_MATCH_WEIGHT = 0.6;
export const CONDITION_MATCH_WEIGHT = 0.4;
/** Attribute keys read for a trace's reward, in order. */
export const DEFAULT_REWARD_KEYS: readonly string[] = ['whileai.reward'];
