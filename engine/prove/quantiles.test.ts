import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalQuantile, tQuantile } from './quantiles';

describe('normalQuantile', () => {
  it('matches published normal quantiles', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 12);
    expect(normalQuantile(0.8)).toBeCloseTo(0.8416212335729143, 12);
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306167813, 12);
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.361340902404056, 9);
  });

  it('handles the ends and rejects probabilities outside [0, 1]', () => {
    expect(normalQuantile(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(normalQuantile(1)).toBe(Number.POSITIVE_INFINITY);
    expect(normalQuantile(1.5)).toBeNaN();
  });

  it('is antisymmetric about one half', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 0.5, noNaN: true }), (p) => Math.abs(normalQuantile(p) + normalQuantile(1 - p)) < 1e-7),
    );
  });
});

describe('tQuantile', () => {
  it('reads the SDK table at 95%', () => {
    expect([1, 2, 3, 4, 5, 30].map((df) => tQuantile(df))).toEqual([12.706, 4.303, 3.182, 2.776, 2.571, 2.042]);
  });

  it('uses Cornish-Fisher beyond 30 df', () => {
    expect(tQuantile(40)).toBeCloseTo(2.0211, 4);
    expect(tQuantile(120)).toBeCloseTo(1.9799, 4);
    expect(tQuantile(100_000)).toBeCloseTo(1.96, 3);
  });

  it('matches t tables at other levels', () => {
    expect(tQuantile(1, 0.9)).toBeCloseTo(6.3138, 4);
    expect(tQuantile(2, 0.99)).toBeCloseTo(9.9248, 4);
    expect(tQuantile(5, 0.9)).toBeCloseTo(2.015, 3);
    expect(tQuantile(10, 0.99)).toBeCloseTo(3.1693, 3);
    expect(tQuantile(30, 0.9)).toBeCloseTo(1.6973, 3);
  });
});
