/** Rounds to 4 decimal places, the precision every reported statistic uses; never returns -0. */
export function round4(value: number): number {
  const rounded = Math.round(value * 10_000) / 10_000;
  return rounded === 0 ? 0 : rounded;
}

/** numerator / denominator rounded to 4 dp, or null when the denominator is 0 (the rate is undefined). */
export function rate(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : round4(numerator / denominator);
}
