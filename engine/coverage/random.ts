import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

const TWO_TO_32 = 4294967296;

/** A seeded, mutable random stream: the only source of randomness in the generator. */
export class SeededRandom {
  private readonly generator: RandomGenerator;

  /** Only the low 32 bits of an integer seed count. */
  constructor(seed: number) {
    this.generator = xoroshiro128plus(seed | 0);
  }

  /** A uniform integer in [0, bound) for bound < 2^21 (Lemire's multiply-and-reject); 0 when bound <= 1. */
  below(bound: number): number {
    if (bound <= 1) return 0;
    const threshold = TWO_TO_32 % bound;
    for (;;) {
      const product = (this.generator.next() >>> 0) * bound;
      const high = Math.floor(product / TWO_TO_32);
      if (product - high * TWO_TO_32 >= threshold) return high;
    }
  }

  /** A stream seeded from this one: however much a sub-task draws from it, later forks are unchanged. */
  fork(): SeededRandom {
    return new SeededRandom(this.generator.next());
  }

  shuffle(values: Int32Array, length = values.length): void {
    for (let index = length - 1; index > 0; index--) {
      const other = this.below(index + 1);
      const value = values[index]!;
      values[index] = values[other]!;
      values[other] = value;
    }
  }
}
