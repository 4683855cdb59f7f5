import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cohenKappa, tally } from './confusion';

describe('cohenKappa', () => {
  it('gives 0.4 on the Wikipedia example (20 yes-yes, 5 yes-no, 10 no-yes, 15 no-no)', () => {
    // Rater A = judge, rater B = gold: yes-no is judge pass / gold fail (fp).
    expect(cohenKappa({ tp: 20, fp: 5, fn: 10, tn: 15 })).toBe(0.4);
  });

  it('gives 1 for perfect agreement on both classes', () => {
    expect(cohenKappa({ tp: 7, fp: 0, fn: 0, tn: 3 })).toBe(1);
  });

  it('uses the pe == 1 rule when both raters used one class', () => {
    expect(cohenKappa({ tp: 9, fp: 0, fn: 0, tn: 0 })).toBe(1);
    expect(cohenKappa({ tp: 0, fp: 0, fn: 0, tn: 4 })).toBe(1);
  });

  it('is 0 when one rater says the same thing every time', () => {
    expect(cohenKappa({ tp: 6, fp: 4, fn: 0, tn: 0 })).toBe(0);
  });

  it('is -1 for total disagreement with balanced marginals', () => {
    expect(cohenKappa({ tp: 0, fp: 5, fn: 5, tn: 0 })).toBe(-1);
  });

  it('is null for no pairs', () => {
    expect(cohenKappa({ tp: 0, fp: 0, fn: 0, tn: 0 })).toBeNull();
  });

  it('always lies in [-1, 1]', () => {
    const count = fc.integer({ min: 0, max: 500 });
    fc.assert(
      fc.property(count, count, count, count, (tp, fp, fn, tn) => {
        const kappa = cohenKappa({ tp, fp, fn, tn });
        if (tp + fp + fn + tn === 0) return kappa === null;
        return kappa !== null && kappa >= -1 && kappa <= 1 && !Number.isNaN(kappa);
      }),
    );
  });
});

describe('tally', () => {
  it('counts pass as the positive class', () => {
    expect(
      tally([
        [1, 1],
        [1, 0],
        [0, 1],
        [0, 0],
        [0, 0],
      ]),
    ).toEqual({ tp: 1, fp: 1, fn: 1, tn: 2 });
  });
});
