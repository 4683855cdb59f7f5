import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { hashInt } from './hash';

const TWO_TO_32 = 4294967296;

/** A seeded, mutable random stream. Create one per computation (or `fork`), never share one across rollouts. */
export class SeededRandom {
  private readonly generator: RandomGenerator;

  /** Only the low 32 bits of an integer seed count. */
  constructor(seed: number) {
    this.generator = xoroshiro128plus(seed | 0);
  }

  /** A stream whose seed is derived from a text key, e.g. `${runSeed}:rollout:${ordinal}`. */
  static fromKey(key: string): SeededRandom {
    return new SeededRandom(hashInt(key, TWO_TO_32) | 0);
  }

  /** A uniform integer in [0, bound) for bound < 2^21 (multiply-and-reject); 0 when bound <= 1. */
  below(bound: number): number {
    if (bound <= 1) return 0;
    const threshold = TWO_TO_32 % bound;
    for (;;) {
      const product = (this.generator.next() >>> 0) * bound;
      const high = Math.floor(product / TWO_TO_32);
      if (product - high * TWO_TO_32 >= threshold) return high;
    }
  }

  /** A uniform number in [0, 1). */
  unit(): number {
    return (this.generator.next() >>> 0) / TWO_TO_32;
  }

  /** True with probability `probability`. */
  chance(probability: number): boolean {
    return this.unit() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('cannot pick from an empty list');
    return items[this.below(items.length)]!;
  }

  /** A stream seeded from this one, so a sub-task draws the same numbers whatever runs after it. */
  fork(): SeededRandom {
    return new SeededRandom(this.generator.next());
  }

  /** Fisher-Yates, in place, over the first `length` items (arrays and typed arrays alike). */
  shuffle<List extends { length: number; [index: number]: unknown }>(values: List, length = values.length): List {
    for (let index = length - 1; index > 0; index--) {
      const other = this.below(index + 1);
      const value = values[index];
      values[index] = values[other];
      values[other] = value;
    }
    return values;
  }
}
