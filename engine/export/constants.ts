/** Export constants, named and valued as in the SDK's `defaults.py`. */

/** RL difficulty band: a prompt whose pass rate over k >= 2 rollouts falls outside [lo, hi] is dropped. */
export const DIFFICULTY_BAND: readonly [number, number] = [0.2, 0.8];
/** The k the band is meant to be measured from; fewer rollouts give a warning. */
export const DIFFICULTY_BAND_ROLLOUTS = 16;
/** Word n-gram length of the near-copy rule. */
export const DECONTAM_NGRAM = 8;
/** Share (0..1) of a row's word positions covered by shared n-grams that makes it a near copy. */
export const DECONTAM_OVERLAP = 0.8;
export const SEMANTIC_SIMILARITY = 0.85;
/** Share (0..1) of scenarios that go to the holdout split of an environment package. */
export const ENV_HOLDOUT_FRACTION = 0.2;
export const ENV_MAX_TURNS_FALLBACK = 10;
export const ENV_EVAL_EXAMPLES = 5;
export const ENV_EVAL_ROLLOUTS = 3;
/** Shortest privileged text (characters) whose appearance in an assistant turn counts as a leak. */
export const LEAK_MIN_QUOTE_CHARS = 12;
/** Most examples a report lists (bad row indices, leaks, contamination hits). */
export const REPORT_EXAMPLES = 20;
/** When more than this share (0..1) of preference pairs chose the longer side, the pair report warns of length bias. */
export const LENGTH_BIAS_SHARE = 0.7;
/** Versions the generated packages declare. */
export const SDK_VERSION = '0.1.0';
/**
 * The verifiers the environment package runs on: `tool_defs` and flat tool calls (`ToolCall{id, name, arguments}`)
 * came in 0.1.11 (the handbook's VERIFIERS.md, read at v0.3.0 + 62 commits).
 */
export const VERIFIERS_REQUIREMENT = 'verifiers>=0.1.11';
/** Characters of the package's description taken from the system prompt's first line, cut at a word. */
export const ENV_DESCRIPTION_CHARS = 80;
