import { describe, expect, it } from 'vitest';
import { failMix } from './fail-shade';

describe('the failing share as a shade', () => {
  it('draws 1 failing of 20 faintly and 13 of 21 deep, far apart', () => {
    const lone = failMix(1 / 20);
    const most = failMix(13 / 21);
    expect(lone).toBeLessThan(15);
    expect(most).toBeGreaterThan(45);
    expect(most - lone).toBeGreaterThanOrEqual(35);
  });

  it('grows with the share, from a tint to a deep red, and stays in range', () => {
    const shares = [0, 0.05, 0.1, 0.25, 0.5, 0.75, 1];
    const mixes = shares.map(failMix);
    expect(mixes).toEqual([...mixes].sort((a, b) => a - b));
    expect(new Set(mixes).size).toBe(shares.length);
    expect(failMix(-1)).toBe(failMix(0));
    expect(failMix(2)).toBe(failMix(1));
    expect(failMix(1)).toBeLessThanOrEqual(80);
  });
});
