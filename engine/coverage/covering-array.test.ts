import { describe, expect, it } from 'vitest';
import { coveredKeys, requiredKeys } from './__fixtures__/covering-oracle';
import { coveringArray, DEFAULT_EFFORT, requiredTuples } from './covering-array';
import { CoveringInputError } from './covering-input-error';
import type { CoveringAxis, CoveringOptions, PartialRow } from './covering-types';

function uniform(size: number, count: number): CoveringAxis[] {
  return mixed(Array(count).fill(size));
}

function mixed(sizes: readonly number[]): CoveringAxis[] {
  return sizes.map((size, column) => ({
    name: `p${column + 1}`,
    values: Array.from({ length: size }, (_, value) => `v${value}`),
  }));
}

function expectComplete(axes: CoveringAxis[], rows: string[][], options: Partial<CoveringOptions> = {}): void {
  const covered = coveredKeys(axes, options.strength ?? 2, rows);
  for (const key of requiredKeys(axes, options.strength ?? 2, options.forbidden ?? [])) {
    expect(covered).toContain(key);
  }
}

describe('coveringArray sizes at the default effort', () => {
  // PICT's minimum over 100 seeds, from shared/bench/covering/README.md.
  it.each([
    ['3^4', uniform(3, 4), 9],
    ['2^10', uniform(2, 10), 8],
    ['3^13', uniform(3, 13), 18],
    ['5^1 3^8 2^2', mixed([5, 3, 3, 3, 3, 3, 3, 3, 3, 2, 2]), 19],
    ['agent small', mixed([8, 6, 6, 7, 5, 4]), 58],
    ['agent large', mixed([20, 15, 8, 12, 6, 5]), 300],
  ])('%s needs no more rows than PICT at best (%i)', (_, axes, pictMinimum) => {
    const rows = coveringArray(axes, { seed: 1 });
    expect(rows.length).toBeLessThanOrEqual(pictMinimum);
    expectComplete(axes, rows);
  });

  it('reaches the orthogonal array at strength 3', () => {
    const axes = uniform(3, 4);
    const rows = coveringArray(axes, { seed: 3, strength: 3 });
    expect(rows).toHaveLength(27);
    expectComplete(axes, rows, { strength: 3 });
  });
});

describe('coveringArray', () => {
  const axes: CoveringAxis[] = [
    { name: 'tool', values: ['search', 'refund', 'unrelated'] },
    { name: 'stance', values: ['ordinary', 'hurried'] },
    { name: 'condition', values: ['success', 'timeout'] },
  ];

  it('returns rows of the axes values in axis order', () => {
    const rows = coveringArray(axes, { seed: 5 });
    expect(rows).toHaveLength(6);
    for (const row of rows) row.forEach((value, column) => expect(axes[column]!.values).toContain(value));
    expectComplete(axes, rows);
  });

  it('puts seed rows first and completes partial ones', () => {
    const seedRows: PartialRow[] = [{ tool: 'refund', stance: 'hurried', condition: 'timeout' }, { tool: 'search' }];
    const rows = coveringArray(axes, { seed: 5, seedRows });
    expect(rows[0]).toEqual(['refund', 'hurried', 'timeout']);
    expect(rows[1]![0]).toBe('search');
    expectComplete(axes, rows);
  });

  it('does not require a pair that several forbidden pairs rule out together', () => {
    const forbidden: PartialRow[] = [
      { tool: 'refund', condition: 'success' },
      { stance: 'hurried', condition: 'timeout' },
    ];
    const tuples = requiredTuples(axes, { forbidden });
    expect(tuples).not.toContainEqual({ tool: 'refund', stance: 'hurried' });
    expect(tuples).toContainEqual({ tool: 'refund', stance: 'ordinary' });
    expect(tuples).toHaveLength(16 - 1 - 1 - 1);
    const rows = coveringArray(axes, { seed: 2, forbidden });
    expect(rows).not.toContainEqual(expect.arrayContaining(['refund', 'success']));
    expectComplete(axes, rows, { forbidden });
  });

  it('covers every combination when the strength exceeds the axes', () => {
    const rows = coveringArray(axes.slice(0, 2), { seed: 1, strength: 3 });
    expect(rows).toHaveLength(6);
    expect(coveringArray(axes.slice(0, 1), { seed: 1 }).sort()).toEqual([['refund'], ['search'], ['unrelated']]);
    expect(coveringArray([], { seed: 1 })).toEqual([]);
  });

  it('stops post-optimisation at the time budget, as if the effort were 0', () => {
    const model = uniform(4, 8);
    let now = 0;
    const clock = (): number => (now += 1000);
    const capped = coveringArray(model, { seed: 9, timeBudgetMs: 500, clock });
    expect(capped).toEqual(coveringArray(model, { seed: 9, effort: 0 }));
    expect(coveringArray(model, { seed: 9 }).length).toBeLessThan(capped.length);
  });

  it('reads the clock only when a time budget is set', () => {
    const clock = (): number => {
      throw new Error('clock read');
    };
    expect(() => coveringArray(axes, { seed: 1, clock })).not.toThrow();
  });

  it('spends a bounded, documented default effort', () => {
    expect(DEFAULT_EFFORT).toBeGreaterThan(0);
    expect(coveringArray(uniform(3, 13), { seed: 4 })).toEqual(coveringArray(uniform(3, 13), { seed: 4 }));
  });

  it.each<[string, () => unknown, string]>([
    ['a duplicate axis', () => coveringArray([axes[0]!, axes[0]!], { seed: 1 }), 'axis "tool" is listed twice'],
    ['an axis without values', () => coveringArray([{ name: 'x', values: [] }], { seed: 1 }), 'axis "x" has no values'],
    ['a duplicate value', () => coveringArray([{ name: 'x', values: ['a', 'a'] }], { seed: 1 }), 'axis "x" lists value "a" twice'],
    [
      'an unknown axis in a forbidden combination',
      () => coveringArray(axes, { seed: 1, forbidden: [{ tool: 'search', mood: 'calm' }] }),
      'forbidden combination 1 names unknown axis "mood"',
    ],
    [
      'an unknown value in a seed row',
      () => coveringArray(axes, { seed: 1, seedRows: [{ tool: 'delete' }] }),
      'seed row 1 gives axis "tool" the unknown value "delete"',
    ],
    [
      'a seed row holding a forbidden combination',
      () =>
        coveringArray(axes, {
          seed: 1,
          forbidden: [{ tool: 'search', stance: 'hurried' }],
          seedRows: [{ stance: 'hurried', tool: 'search' }],
        }),
      'seed row 1 contains a forbidden combination',
    ],
    ['an empty forbidden combination', () => coveringArray(axes, { seed: 1, forbidden: [{}] }), 'forbidden combination 1 is empty'],
    [
      'constraints that leave no row',
      () => coveringArray(axes, { seed: 1, forbidden: [{ stance: 'ordinary' }, { stance: 'hurried' }] }),
      'the forbidden combinations leave no valid row',
    ],
    [
      'a model too large to track',
      () => coveringArray(uniform(10, 400), { seed: 1, strength: 3 }),
      'the model has 10586800000 value combinations of 3 axes',
    ],
    ['an unsupported strength', () => coveringArray(axes, { seed: 1, strength: 4 as 3 }), 'strength must be 2 or 3'],
    ['a negative effort', () => coveringArray(axes, { seed: 1, effort: -1 }), 'effort must be a finite number'],
    ['an endless effort', () => coveringArray(axes, { seed: 1, effort: Infinity }), 'effort must be a finite number'],
  ])('rejects %s', (_, call, message) => {
    expect(call).toThrow(CoveringInputError);
    expect(call).toThrow(message);
  });
});
