import { describe, expect, it } from 'vitest';
import { finishedTiming, formatElapsed, formatRate, stopMeaning } from './format';
import { stancesOfTier, tierRows } from './tiers';

const stamps = { created_at: '2026-11-30T12:13:09.000Z', updated_at: '2026-11-30T12:13:23.000Z' };

describe('a stopped run: its duration and average rate from its stamps', () => {
  it('a completed run of 1,500 rows in 14 s reads 107 rows/s over a duration of 14s; a live one has none', () => {
    const timing = finishedTiming({ status: 'completed', rows_done: 1500, ...stamps }, 0);
    expect(timing).toEqual({
      seconds: 14,
      rows_per_second: 1500 / 14,
      paused: false,
      active_seconds: null,
      stopped_seconds: null,
      stopped_stretches: 0,
    });
    expect(formatRate(timing!.rows_per_second)).toBe('107 rows/s');
    expect(formatElapsed(timing!.seconds)).toBe('14s');
    expect(finishedTiming({ status: 'running', rows_done: 40, ...stamps }, 0)).toBeNull();
    expect(finishedTiming({ status: 'queued', rows_done: 0, ...stamps }, 0)).toBeNull();
  });

  it('a resumed run spans its pause: its average rate is over the time its rollouts ran, or not claimed without it', () => {
    expect(finishedTiming({ status: 'completed', rows_done: 1500, ...stamps }, 64)).toEqual({
      seconds: 14,
      rows_per_second: null,
      paused: true,
      active_seconds: null,
      stopped_seconds: null,
      stopped_stretches: 0,
    });
    // 14 s from Start to the end, 8 s of it one stretch with nothing in flight: ran 6 s.
    const resumed = finishedTiming({ status: 'completed', rows_done: 1500, ...stamps }, 64, {
      rows: 1500,
      active_seconds: 6,
      stopped_seconds: 8,
      stopped_stretches: 1,
    });
    expect(resumed).toEqual({
      seconds: 14,
      rows_per_second: 250,
      paused: true,
      active_seconds: 6,
      stopped_seconds: 8,
      stopped_stretches: 1,
    });
    expect(formatRate(resumed!.rows_per_second)).toBe('250 rows/s');
    // Rows with no readable duration (an instant) claim no rate.
    expect(
      finishedTiming({ status: 'completed', rows_done: 3, ...stamps }, 1, {
        rows: 3,
        active_seconds: 0,
        stopped_seconds: 0,
        stopped_stretches: 0,
      })?.rows_per_second,
    ).toBeNull();
  });

  it('short runs keep a decimal; a run cancelled before its first row has no rate', () => {
    expect(formatElapsed(3.44)).toBe('3.4s');
    expect(formatElapsed(125)).toBe('2m 5s');
    const instant = finishedTiming({ status: 'cancelled', rows_done: 0, created_at: stamps.created_at, updated_at: stamps.created_at }, 0);
    expect(instant).toEqual({
      seconds: 0,
      rows_per_second: null,
      paused: false,
      active_seconds: null,
      stopped_seconds: null,
      stopped_stretches: 0,
    });
    expect(finishedTiming({ status: 'failed', rows_done: 0, created_at: 'not a time', updated_at: stamps.updated_at }, 0)).toBeNull();
  });
});

describe('difficulty tiers: which stances each groups', () => {
  it('sums to the Stance filter: ordinary holds five stances, ambiguous and boundary two, adversarial one', () => {
    expect(stancesOfTier('ordinary')).toEqual(['ordinary', 'hurried', 'retry', 'mistaken', 'exploratory']);
    expect(stancesOfTier('ambiguous')).toEqual(['ambiguous', 'unsure']);
    expect(stancesOfTier('boundary')).toEqual(['boundary', 'conflicting']);
    expect(stancesOfTier('adversarial')).toEqual(['adversarial']);
    // Every stance sits in exactly one tier.
    const all = ['ordinary', 'ambiguous', 'boundary', 'adversarial'].flatMap(stancesOfTier);
    expect(new Set(all).size).toBe(10);
  });

  it('lists the summary counts in tier order, 0 for a tier the run never produced', () => {
    expect(tierRows({ boundary: 298, adversarial: 159, ordinary: 768 }).map(({ tier, count }) => [tier, count])).toEqual([
      ['ordinary', 768],
      ['ambiguous', 0],
      ['boundary', 298],
      ['adversarial', 159],
    ]);
  });
});

describe('why a run stopped, in words', () => {
  it('a run set to stop once every pair is covered says so under its own reason', () => {
    expect(stopMeaning('pairs_covered', { until: 'first', all_pairs_covered: true })).toBe(
      'every planned pair of axis values has a conversation',
    );
    expect(stopMeaning('saturation', { until: 'first', all_pairs_covered: false })).toMatch(/nothing new/);
  });
});
