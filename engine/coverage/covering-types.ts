/** One axis of the model: a unique name and its distinct values, in output order. */
export interface CoveringAxis {
  readonly name: string;
  readonly values: readonly string[];
}

/** Axis name -> value; axes not named are unconstrained. */
export type PartialRow = Readonly<Record<string, string>>;

export interface CoveringOptions {
  /**
   * Same axes + options -> the identical array on any machine, unless timeBudgetMs ends the search.
   * Only the low 32 bits of the integer part count.
   */
  readonly seed: number;
  /** Every combination of this many axes' values is covered (default 2). Capped at the number of axes. */
  readonly strength?: 2 | 3;
  /** Combinations that never occur together in a row; tuples only they could complete are not required. */
  readonly forbidden?: readonly PartialRow[];
  /** Rows included first, in this order. Their cells never change; axes they omit are filled in. */
  readonly seedRows?: readonly PartialRow[];
  /**
   * Post-optimisation budget, a finite number of thousands of tuple visits (one visit reads or
   * updates how many rows cover one t-tuple; a thousand take about 10 µs on a 2-core VM, so the
   * default DEFAULT_EFFORT = 3000 is some 30 ms; uniform strength-2 models without forbidden
   * combinations or seed rows default to UNIFORM_EFFORT = 30000). 0 keeps the construction: the best
   * greedy run or an algebraic start, less redundant rows. The search stops early once the array has
   * as many rows as the lower bound (the most required tuples of any `strength` axes). It never adds rows.
   */
  readonly effort?: number;
  /**
   * Optional cap on post-optimisation wall time, in ms, read from `clock` every 64 search steps.
   * When it ends the search before `effort` does, the result depends on the machine's speed and
   * load: the same seed may give a different array.
   */
  readonly timeBudgetMs?: number;
  /** Milliseconds from any fixed origin; read only when timeBudgetMs is set. Default Date.now. */
  readonly clock?: () => number;
}
