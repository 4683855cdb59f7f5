import { describe, expect, it } from 'vitest';
import { GaloisField } from './galois-field';
import { orthogonalArray, orthogonalArrayStart } from './orthogonal-array';
import { SeededRandom } from '../../seeded';

function tupleCounts(rows: readonly Int32Array[], columns: readonly number[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = columns.map((column) => row[column]).join(',');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

describe('orthogonalArray', () => {
  it.each([
    [4, 2],
    [7, 2],
    [9, 2],
    [3, 3],
    [4, 3],
  ])('over GF(%i) at strength %i holds every tuple of any t columns exactly once', (order, strength) => {
    const rows = orthogonalArray(GaloisField.of(order)!, strength, order + 1);
    expect(rows).toHaveLength(order ** strength);
    const columnSets =
      strength === 2
        ? [
            [0, 1],
            [0, order],
            [order - 1, order],
            [1, 2],
          ]
        : [
            [0, 1, 2],
            [0, 1, order],
            [1, order - 1, order],
          ];
    for (const columns of columnSets) {
      const counts = tupleCounts(rows, columns);
      expect(counts.size).toBe(order ** strength);
      expect(new Set(counts.values())).toEqual(new Set([1]));
    }
  });
});

describe('orthogonalArrayStart', () => {
  it('fits smaller axes into the next prime power and frees the all-zero row', () => {
    const rows = orthogonalArrayStart([6, 6, 6, 6, 6, 6], 2, new SeededRandom(1))!;
    expect(rows).toHaveLength(49);
    for (const row of rows) for (const value of row) expect(value).toBeLessThan(6);
    const counts = tupleCounts(rows, [0, 1]);
    expect(counts.size).toBe(36);
  });

  it('declines when the array would be too large', () => {
    expect(orthogonalArrayStart([20, 20, 20], 3, new SeededRandom(1))).toBeUndefined();
  });
});
