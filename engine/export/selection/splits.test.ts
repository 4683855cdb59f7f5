import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha1Hex } from '../sha1';
import { splitBucket, splitOf } from './splits';

describe('splits by scenario hash', () => {
  it('use the SDK bucket formula', () => {
    expect(sha1Hex('abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(splitBucket('abc')).toBeCloseTo(0xa9993e36 / 0xffffffff, 12);
  });

  it('put a scenario wholly on one side and keep it there whatever else is added', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 40 }), fc.string({ minLength: 1 }), (ids, extra) => {
        const before = ids.map((id) => splitOf(id, { holdout: 0.2, eval: 0.1 }));
        const after = [...ids, extra].map((id) => splitOf(id, { holdout: 0.2, eval: 0.1 }));
        expect(after.slice(0, ids.length)).toEqual(before);
      }),
    );
  });

  it('land near the asked fractions over many scenarios', () => {
    const counts = { train: 0, holdout: 0, eval: 0 };
    for (let index = 0; index < 5000; index++)
      counts[splitOf(`sc-${index.toString(16).padStart(10, '0')}`, { holdout: 0.2, eval: 0.1 })] += 1;
    expect(counts.holdout / 5000).toBeGreaterThan(0.18);
    expect(counts.holdout / 5000).toBeLessThan(0.22);
    expect(counts.eval / 5000).toBeGreaterThan(0.085);
    expect(counts.eval / 5000).toBeLessThan(0.115);
  });

  it('refuse fractions that do not add up', () => {
    expect(() => splitOf('x', { holdout: 0.7, eval: 0.5 })).toThrow(/must not exceed 1/);
    expect(() => splitOf('x', { holdout: -0.1 })).toThrow(/\[0, 1\]/);
    expect(splitOf('x', { holdout: 0, eval: 0 })).toBe('train');
  });
});
