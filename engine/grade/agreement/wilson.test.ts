import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { wilson } from './wilson';

describe('wilson', () => {
  it('needs 16 perfect labels to clear 0.8 (the SDK floor)', () => {
    expect(wilson(16, 16).lo).toBe(0.8064);
    expect(wilson(16, 16).hi).toBe(1);
    expect(wilson(15, 15).lo).toBeLessThan(0.8);
  });

  it('matches the textbook interval for 8 of 10', () => {
    // Wilson (1927) score interval, z = 1.96: 0.4902 .. 0.9433.
    expect(wilson(8, 10)).toEqual({ lo: 0.4902, hi: 0.9433 });
  });

  it('is symmetric: failures mirror successes', () => {
    const interval = wilson(3, 20);
    const mirrored = wilson(17, 20);
    expect(interval.lo).toBeCloseTo(1 - mirrored.hi, 4);
    expect(interval.hi).toBeCloseTo(1 - mirrored.lo, 4);
  });

  it('is the whole [0, 1] when nothing is known', () => {
    expect(wilson(0, 0)).toEqual({ lo: 0, hi: 1 });
  });

  it('stays inside [0, 1] and contains the observed share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, share) => {
        const successes = Math.round(share * n);
        const { lo, hi } = wilson(successes, n);
        const observed = successes / n;
        return lo >= 0 && hi <= 1 && lo <= observed + 1e-4 && observed <= hi + 1e-4;
      }),
    );
  });
});
