import { describe, expect, it } from 'vitest';
import { detectableEffect, holdoutSize, modelTaskStd } from './holdout-size';

describe('holdoutSize', () => {
  it('matches the SDK check: effect 0.10, base 0.6, k 4 -> sd 0.3354, n = 89', () => {
    const result = holdoutSize({ effect: 0.1, base: 0.6, k: 4 });
    expect(result).toMatchObject({ n_tasks: 89, task_std: 0.3354, sd_source: 'model', saturated: false });
    expect(result.n_tasks_concentrated).toBeGreaterThan(89);
    expect(result.n_tasks_range_method).toBe('gain_spread');
    expect(result.half_width).toBeCloseTo((1.96 * 0.3354) / Math.sqrt(89), 3);
  });

  it('uses the given task_std', () => {
    const result = holdoutSize({ effect: 0.1, taskStd: 0.2 });
    expect(result).toMatchObject({ sd_source: 'given', task_std: 0.2, n_tasks: 32, n_tasks_concentrated: null });
  });

  it('measures the sd of paired differences from rows', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const before = ids.map((task_id, index) => ({ task_id, value: index % 2 }));
    const after = ids.map((task_id, index) => ({ task_id, value: index < 6 ? 1 : 0 }));
    // Differences 1 0 1 0 1 0 0 -1: sd 0.7071... of mean 0.25.
    const result = holdoutSize({ effect: 0.1, before, after });
    expect(result).toMatchObject({ sd_source: 'rows', n_paired: 8, task_std: 0.7071, base: 0.5, base_spread: 0.5345 });
    expect(result.n_tasks).toBe(393);
    expect(result.n_tasks_range_method).toBe('chi_square');
    expect(result.n_tasks_low).toBeLessThan(393);
    expect(result.n_tasks_high).toBeGreaterThan(393);
  });

  it('sizes a saturated base with the model at 0.6', () => {
    const result = holdoutSize({ effect: 0.1, base: 0.95 });
    expect(result).toMatchObject({ saturated: true, base: 0.6, n_tasks: 89 });
    expect(result.warnings[0]).toMatch(/at the ceiling/);
  });

  it('refuses an effect outside (0, 1] with a warning, not a throw', () => {
    const result = holdoutSize({ effect: 0 });
    expect(result.n_tasks).toBeNull();
    expect(result.warnings.at(-1)).toMatch(/effect 0 must be in \(0, 1\]/);
  });

  it('never asks for fewer than 2 tasks', () => {
    expect(holdoutSize({ effect: 1, taskStd: 0.01 }).n_tasks).toBe(2);
  });
});

describe('detectableEffect', () => {
  it('inverts holdout_size: 89 tasks detect about 0.10', () => {
    expect(detectableEffect(89, { base: 0.6, k: 4 })).toBeCloseTo(0.1, 2);
  });

  it('shrinks as tasks grow and is null below 2 tasks', () => {
    expect(detectableEffect(1)).toBeNull();
    expect(detectableEffect(400) ?? 1).toBeLessThan(detectableEffect(100) ?? 0);
  });

  it('is linear in a given task_std', () => {
    expect(detectableEffect(25, { taskStd: 0.5 })).toBeCloseTo((2.8016 * 0.5) / 5, 3);
  });

  it('uses the binomial model sd', () => {
    expect(modelTaskStd(0.6, 0.1, 4)).toBeCloseTo(0.33541, 5);
  });
});
