import { Z_95 } from './constants';
import { round4 } from './numbers';

/** A closed interval on a proportion, both ends in [0, 1], rounded to 4 dp. */
export interface Interval {
  lo: number;
  hi: number;
}

/**
 * Wilson score interval for `successes` out of `n` trials.
 * With n = 0 nothing is known, so the interval is the whole [0, 1].
 */
export function wilson(successes: number, n: number, z: number = Z_95): Interval {
  if (n <= 0) return { lo: 0, hi: 1 };
  const proportion = successes / n;
  const zSquared = z * z;
  const denominator = 1 + zSquared / n;
  const center = (proportion + zSquared / (2 * n)) / denominator;
  const halfWidth = (z * Math.sqrt((proportion * (1 - proportion)) / n + zSquared / (4 * n * n))) / denominator;
  return {
    lo: round4(Math.max(0, center - halfWidth)),
    hi: round4(Math.min(1, center + halfWidth)),
  };
}
