import { round4 } from '../../../shared/domain/rounding';

export { round4 };

/** numerator / denominator rounded to 4 dp, or null when the denominator is 0 (the rate is undefined). */
export function rate(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : round4(numerator / denominator);
}
