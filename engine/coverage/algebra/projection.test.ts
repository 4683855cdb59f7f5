import { describe, expect, it } from 'vitest';
import { coveredKeys, requiredKeys } from '../__fixtures__/covering-oracle';
import { UNASSIGNED } from '../construct/constraints';
import { GaloisField } from './galois-field';
import { projectedArray } from './projection';

/** The pairs the rows cover with their assigned cells alone: a free cell stands for no value. */
function expectCovering(rows: readonly Int32Array[], levels: number, columnCount: number): void {
  const axes = Array.from({ length: columnCount }, (_, column) => ({
    name: `p${column}`,
    values: Array.from({ length: levels }, (_, value) => `v${value}`),
  }));
  const named = rows.map((row) => Array.from(row, (value) => (value === UNASSIGNED ? '*' : `v${value}`)));
  const covered = coveredKeys(axes, 2, named);
  expect([...requiredKeys(axes, 2, [])].filter((key) => !covered.has(key))).toEqual([]);
}

describe('projectedArray', () => {
  it.each([
    [2, 0],
    [3, 1],
    [4, 1],
    [4, 2],
    [5, 1],
    [5, 3],
    [7, 2],
    [8, 3],
    [9, 2],
    [11, 1],
    [16, 6],
    [23, 3],
  ])('over GF(%i) less %i points is a CA(q^2 - c; 2, q + 1 + c, q - c)', (order, removed) => {
    const levels = order - removed;
    const columnCount = order + 1 + removed;
    const rows = projectedArray(GaloisField.of(order)!, removed, columnCount);
    expect(rows).toHaveLength(order * order - removed);
    for (const row of rows) {
      expect(row).toHaveLength(columnCount);
      for (const value of row) expect(value === UNASSIGNED || (value >= 0 && value < levels)).toBe(true);
    }
    expectCovering(rows, levels, columnCount);
  });

  it('without projection is an orthogonal array: every pair of values once in any two columns', () => {
    const rows = projectedArray(GaloisField.of(7)!, 0, 8);
    expect(rows.every((row) => row.every((value) => value !== UNASSIGNED))).toBe(true);
    for (const [left, right] of [
      [0, 1],
      [0, 7],
      [3, 6],
    ] as const) {
      expect(new Set(rows.map((row) => `${row[left]},${row[right]}`)).size).toBe(49);
    }
  });

  it('keeps the first columns when asked for fewer', () => {
    const field = GaloisField.of(9)!;
    const all = projectedArray(field, 2, 12);
    expect(projectedArray(field, 2, 7)).toEqual(all.map((row) => row.slice(0, 7)));
  });

  it('refuses fewer than 2 levels and more columns than it has', () => {
    expect(() => projectedArray(GaloisField.of(5)!, 4, 3)).toThrow(RangeError);
    expect(() => projectedArray(GaloisField.of(5)!, 1, 8)).toThrow(RangeError);
  });
});
