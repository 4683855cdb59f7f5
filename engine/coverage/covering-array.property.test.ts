import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containsPartial, coveredKeys, isCompletable, keyOfPartial, requiredKeys } from './__fixtures__/covering-oracle';
import { coveringArray, requiredTuples } from './covering-array';
import { CoveringInputError } from './covering-input-error';
import type { CoveringAxis, PartialRow } from './covering-types';

interface Scenario {
  axes: CoveringAxis[];
  strength: 2 | 3;
  forbidden: PartialRow[];
  seedRows: PartialRow[];
  seed: number;
  effort: number;
}

/** Picks of (axis, value) as raw numbers, reduced modulo the model's sizes. */
const cellPicks = (minLength: number, maxLength: number) => fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength, maxLength });

function partialFrom(axes: readonly CoveringAxis[], picks: readonly [number, number][]): PartialRow {
  const entries = new Map<string, string>();
  for (const [axisPick, valuePick] of picks) {
    const axis = axes[axisPick % axes.length]!;
    if (!entries.has(axis.name)) entries.set(axis.name, axis.values[valuePick % axis.values.length]!);
  }
  return Object.fromEntries(entries);
}

const scenario = (maxAxes: number, maxValues: number, strength: 2 | 3): fc.Arbitrary<Scenario> =>
  fc
    .record({
      sizes: fc.array(fc.integer({ min: 1, max: maxValues }), { minLength: 2, maxLength: maxAxes }),
      forbidden: fc.array(cellPicks(1, 3), { maxLength: 5 }),
      seedRows: fc.array(cellPicks(0, 4), { maxLength: 3 }),
      seed: fc.integer(),
      effort: fc.integer({ min: 0, max: 300 }),
    })
    .map(({ sizes, forbidden, seedRows, seed, effort }) => {
      const axes = sizes.map((size, column) => ({
        name: `axis${column}`,
        values: Array.from({ length: size }, (_, value) => `value${value}`),
      }));
      return {
        axes,
        strength,
        // A single-cell entry forbids a whole value; keep those rare by dropping most of them.
        forbidden: forbidden.filter((picks, index) => picks.length > 1 || index === 0).map((picks) => partialFrom(axes, picks)),
        seedRows: seedRows.map((picks) => partialFrom(axes, picks)),
        seed,
        effort,
      };
    });

function checkScenario({ axes, strength, forbidden, seedRows, seed, effort }: Scenario): void {
  const options = { seed, strength, forbidden, seedRows, effort };
  const columnOf = (name: string): number => axes.findIndex((axis) => axis.name === name);
  const asFixed = (partial: PartialRow) => new Map(Object.entries(partial).map(([name, value]) => [columnOf(name), value]));
  const isAnyRowValid = isCompletable(axes, forbidden, new Map());
  const areSeedRowsValid = seedRows.every((partial) => isCompletable(axes, forbidden, asFixed(partial)));
  if (!isAnyRowValid || !areSeedRowsValid) {
    expect(() => coveringArray(axes, options)).toThrow(CoveringInputError);
    return;
  }

  const rows = coveringArray(axes, options);
  const required = requiredKeys(axes, strength, forbidden);
  const covered = coveredKeys(axes, strength, rows);
  for (const key of required) expect(covered, `missing ${key}`).toContain(key);
  for (const row of rows) {
    expect(row).toHaveLength(axes.length);
    row.forEach((value, column) => expect(axes[column]!.values).toContain(value));
    for (const partial of forbidden) expect(containsPartial(row, axes, partial)).toBe(false);
  }
  seedRows.forEach((partial, index) => expect(containsPartial(rows[index]!, axes, partial)).toBe(true));
  expect(coveringArray(axes, options)).toEqual(rows);

  const listed = requiredTuples(axes, { strength, forbidden }).map((partial) => keyOfPartial(axes, partial));
  expect(new Set(listed)).toEqual(required);
  expect(listed).toHaveLength(required.size);
}

describe('coveringArray on random mixed-level models', () => {
  it('covers every required pair, avoids forbidden combinations, keeps seed rows and repeats itself', () => {
    fc.assert(fc.property(scenario(7, 8, 2), checkScenario), { numRuns: 60 });
  });

  it('does the same for triples', () => {
    fc.assert(fc.property(scenario(6, 5, 3), checkScenario), { numRuns: 25 });
  });

  it('never returns more rows with more effort', () => {
    fc.assert(
      fc.property(scenario(7, 6, 2), (generated) => {
        const options = { seed: generated.seed, strength: generated.strength };
        const quick = coveringArray(generated.axes, { ...options, effort: 0 });
        const thorough = coveringArray(generated.axes, { ...options, effort: 500 });
        expect(thorough.length).toBeLessThanOrEqual(quick.length);
      }),
      { numRuns: 20 },
    );
  });
});
