import { describe, expect, it } from 'vitest';
import { coveredKeys, requiredKeys } from '../__fixtures__/covering-oracle';
import { binaryArray, binaryRowCount } from './binary-array';

describe('binaryArray', () => {
  it.each([
    [3, 4],
    [4, 5],
    [10, 6],
    [15, 7],
    [35, 8],
    [36, 9],
    [56, 9],
  ])('covers every pair of %i binary columns in the fewest rows, %i', (columnCount, rowCount) => {
    expect(binaryRowCount(columnCount)).toBe(rowCount);
    const rows = binaryArray(columnCount);
    expect(rows).toHaveLength(rowCount);
    const axes = Array.from({ length: columnCount }, (_, column) => ({ name: `p${column}`, values: ['0', '1'] }));
    const named = rows.map((row) => Array.from(row, String));
    expect(coveredKeys(axes, 2, named)).toEqual(requiredKeys(axes, 2, []));
  });
});
