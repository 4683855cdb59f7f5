import { describe, expect, it } from 'vitest';
import { axesOfPair, pairsOf, pairwiseCoverage, pairwiseSummary, plannedPairs } from './pairwise-coverage';

describe('pairwise coverage', () => {
  it('pairs every two axis items, ignoring empty values and origin', () => {
    expect(pairsOf({ tool: 'get_order', stance: 'hurried', world_state: '', origin: 'trace' })).toHaveLength(1);
    expect(pairsOf({ a: '1', b: '2', c: '3' })).toHaveLength(3);
  });

  it("plans 381 pairs for the docs' quickstart axes (3, 2, 10, 6, 5, 5)", () => {
    const axes = { tool: 3, rule: 2, stance: 10, world_state: 6, tool_condition: 5, history: 5 };
    const names = Object.keys(axes) as (keyof typeof axes)[];
    const cells: Record<string, string>[] = [];
    // A full factorial plans every pair once.
    const walk = (index: number, cell: Record<string, string>) => {
      if (index === names.length) return void cells.push({ ...cell });
      for (let value = 0; value < axes[names[index]!]; value++) walk(index + 1, { ...cell, [names[index]!]: `v${value}` });
    };
    walk(0, {});
    expect(plannedPairs(cells).size).toBe(381);
  });

  it('counts only planned pairs that produced rows hold, rounding the fraction to 4 places', () => {
    const planned = [
      { tool: 'a', stance: 'x', history: 'fresh' },
      { tool: 'b', stance: 'y', history: 'fresh' },
    ];
    const produced = [{ tool: 'a', stance: 'y', history: 'fresh' }];
    // planned pairs: a-x, a-fresh, x-fresh, b-y, b-fresh, y-fresh = 6; produced holds a-fresh and y-fresh.
    expect(pairwiseCoverage(planned, produced)).toEqual({ pairs_planned: 6, pairs_covered: 2, fraction: 0.3333 });
    expect(pairwiseCoverage([], produced)).toEqual({ pairs_planned: 0, pairs_covered: 0, fraction: null });
  });

  it('names the two axes of a pair key, and sums up planned and covered counts', () => {
    const [pair] = pairsOf({ tool: 'get_order', history: 'fresh' });
    expect(axesOfPair(pair!)).toEqual(['history', 'tool']);
    expect(pairwiseSummary(3, 2)).toEqual({ pairs_planned: 3, pairs_covered: 2, fraction: 0.6667 });
    expect(pairwiseSummary(0, 0)).toEqual({ pairs_planned: 0, pairs_covered: 0, fraction: null });
  });
});
