import { describe, expect, it } from 'vitest';
import { coveredKeys, requiredKeys } from '../__fixtures__/covering-oracle';
import { zeroSumArray } from './zero-sum-array';

describe('zeroSumArray', () => {
  it.each([
    [[5, 4, 3], 2, 20],
    [[3, 7, 7], 2, 49],
    [[4, 3, 3, 2], 3, 36],
  ])('covers every tuple of %j at strength %i in the lower bound, %i rows', (sizes, strength, rowCount) => {
    const axes = sizes.map((size, column) => ({
      name: `p${column}`,
      values: Array.from({ length: size }, (_, value) => `v${value}`),
    }));
    const rows = zeroSumArray(sizes, strength)!;
    expect(rows).toHaveLength(rowCount);
    const named = rows.map((row) => Array.from(row, (value, column) => axes[column]!.values[value]!));
    expect(coveredKeys(axes, strength, named)).toEqual(requiredKeys(axes, strength, []));
  });

  it('applies only to one axis more than the strength', () => {
    expect(zeroSumArray([3, 3, 3, 3], 2)).toBeUndefined();
    expect(zeroSumArray([3, 3], 2)).toBeUndefined();
  });
});
