import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/** A seeded source of randomness. Create one per computation so results never depend on call order elsewhere. */
export interface Random {
  /** A uniform integer in [0, bound); bound is a positive integer. */
  integer(bound: number): number;
}

/** xoroshiro128+ seeded with the 32-bit integer part of `seed`: the same seed gives the same stream. */
export function createRandom(seed: number): Random {
  const generator = xoroshiro128plus(seed | 0);
  return { integer: (bound) => uniformInt(generator, 0, bound - 1) };
}
