import { describe, expect, it } from 'vitest';
import { createRandom } from './random';

describe('createRandom', () => {
  it('repeats its stream for a seed and differs across seeds', () => {
    const draw = (seed: number) => {
      const random = createRandom(seed);
      return Array.from({ length: 20 }, () => random.integer(1000));
    };
    expect(draw(3)).toEqual(draw(3));
    expect(draw(3)).not.toEqual(draw(4));
  });

  it('stays in [0, bound)', () => {
    const random = createRandom(0);
    const values = Array.from({ length: 2000 }, () => random.integer(3));
    expect(new Set(values)).toEqual(new Set([0, 1, 2]));
  });
});
