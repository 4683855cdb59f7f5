import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareRuns, type TaskValue } from './compare-runs';

function task(id: string, ...values: number[]): TaskValue[] {
  return values.map((value) => ({ task_id: id, value }));
}

// Per-task means before: .5 0 1 0 .5 0; after: 1 .5 1 1 1 .5 (t7 only after).
const before = [...task('t1', 0, 1), ...task('t2', 0, 0), ...task('t3', 1), ...task('t4', 0), ...task('t5', 1, 0, 0, 1), ...task('t6', 0)];
const after = [
  ...task('t1', 1),
  ...task('t2', 1, 0),
  ...task('t3', 1),
  ...task('t4', 1),
  ...task('t5', 1),
  ...task('t6', 0, 1),
  ...task('t7', 0),
];

describe('compareRuns', () => {
  it('pairs shared tasks on per-task means and gets the hand-computed delta inside its interval', () => {
    const result = compareRuns(before, after);
    // Differences .5 .5 0 1 .5 .5: mean 3 / 6.
    expect(result).toMatchObject({
      metric: 'pass_at_1',
      paired: true,
      n_paired: 6,
      n_only_a: 0,
      n_only_b: 1,
      paired_share: 0.8571,
      n_used: 6,
      mean_a: 0.3333,
      mean_b: 0.8333,
      delta: 0.5,
      level: 0.95,
      verdict: 'b_better',
      note: null,
    });
    expect(result.ci95?.lo).toBeGreaterThan(0);
    expect(result.ci95?.lo).toBeLessThanOrEqual(0.5);
    expect(result.ci95?.hi).toBeGreaterThanOrEqual(0.5);
    expect(result.ci95?.hi).toBeLessThanOrEqual(1);
    // Five non-zero differences: only the two all-same-sign flips of 32 reach |0.5|, so p ≈ 1/16.
    expect(result.p_value).toBeGreaterThan(0.04);
    expect(result.p_value).toBeLessThan(0.09);
  });

  it('gives delta 0, a zero-width interval and p = 1 on identical runs', () => {
    const result = compareRuns(before, before);
    expect(result.delta).toBe(0);
    expect(result.ci95).toEqual({ lo: 0, hi: 0 });
    expect(result.p_value).toBe(1);
    expect(result.verdict).toBe('no_difference_detected');
  });

  it('finds a regression as a_better', () => {
    const result = compareRuns(after, before);
    expect(result.delta).toBe(-0.5);
    expect(result.verdict).toBe('a_better');
  });

  it('falls back to an unpaired bootstrap, without a p-value, under min_paired shared tasks', () => {
    const a = [...task('a1', 0), ...task('a2', 0), ...task('a3', 1), ...task('s1', 0)];
    const b = [...task('b1', 1), ...task('b2', 1), ...task('b3', 1), ...task('s1', 1)];
    const result = compareRuns(a, b);
    expect(result).toMatchObject({
      paired: false,
      n_paired: 1,
      n_only_a: 3,
      n_only_b: 3,
      paired_share: 0.1429,
      n_used: 8,
      mean_a: 0.25,
      mean_b: 1,
      delta: 0.75,
      p_value: null,
    });
    expect(result.ci95).not.toBeNull();
    expect(result.note).toMatch(/^weaker test: 1 shared tasks \(< 5\)/);
    expect(result.note).toMatch(/most tasks unpaired: only 1 of 7 tasks ran on both sides/);
  });

  it('pairs at exactly min_paired shared tasks', () => {
    const ids = ['q1', 'q2', 'q3', 'q4', 'q5'];
    const result = compareRuns(
      ids.flatMap((id) => task(id, 0)),
      ids.flatMap((id) => task(id, 1)),
    );
    expect(result.paired).toBe(true);
    expect(result.ci95).toEqual({ lo: 1, hi: 1 });
    expect(result.p_value).toBeCloseTo(0.0625, 1);
  });

  it('reports insufficient data with fewer than 3 tasks a side and nothing paired', () => {
    const result = compareRuns([...task('a1', 0), ...task('a2', 1)], [...task('b1', 1)]);
    expect(result).toMatchObject({ paired: false, ci95: null, p_value: null, verdict: 'insufficient_data', n_used: 0, delta: 0.5 });
    expect(result.note).toMatch(/^insufficient data/);
    expect(compareRuns([], [])).toMatchObject({ delta: null, mean_a: null, paired_share: null, verdict: 'insufficient_data' });
  });

  it('is deterministic for a seed and independent of line order', () => {
    const noisyA = Array.from({ length: 30 }, (_, index) => ({ task_id: `t${index}`, value: ((index * 7) % 11) / 10 }));
    const noisyB = Array.from({ length: 30 }, (_, index) => ({ task_id: `t${index}`, value: ((index * 5) % 9) / 8 }));
    const first = compareRuns(noisyA, noisyB, { seed: 7 });
    expect(compareRuns(noisyA, noisyB, { seed: 7 })).toEqual(first);
    expect(compareRuns([...noisyA].reverse(), [...noisyB].reverse(), { seed: 7 })).toEqual(first);
    const seeds = [1, 2, 3, 4, 5].map((seed) => JSON.stringify(compareRuns(noisyA, noisyB, { seed })));
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it('widens the interval at a higher level', () => {
    const narrow = compareRuns(before, after, { level: 0.8 });
    const wide = compareRuns(before, after, { level: 0.99 });
    expect(wide.ci95?.lo).toBeLessThanOrEqual(narrow.ci95?.lo ?? 0);
    expect(wide.ci95?.hi).toBeGreaterThanOrEqual(narrow.ci95?.hi ?? 1);
  });

  it('keeps the paired delta inside its interval and p in (0, 1]', () => {
    const runs = fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })), {
      minLength: 5,
      maxLength: 30,
    });
    fc.assert(
      fc.property(runs, fc.integer({ min: 0, max: 1000 }), (values, seed) => {
        const a = values.map(([value], index) => ({ task_id: `t${index}`, value }));
        const b = values.map(([, value], index) => ({ task_id: `t${index}`, value }));
        const result = compareRuns(a, b, { seed, draws: 400 });
        const { lo, hi } = result.ci95 ?? { lo: Number.NaN, hi: Number.NaN };
        const delta = result.delta ?? Number.NaN;
        const p = result.p_value ?? Number.NaN;
        return lo <= delta + 1e-4 && delta <= hi + 1e-4 && p > 0 && p <= 1;
      }),
      { numRuns: 60 },
    );
  });
});
