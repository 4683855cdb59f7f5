import { describe, expect, it } from 'vitest';
import { coveredKeys, requiredKeys } from '../__fixtures__/covering-oracle';
import { GaloisField } from './galois-field';
import { productArray } from './product-array';

describe('productArray', () => {
  it.each([
    [2, 4],
    [3, 9],
    [4, 15],
    [4, 16],
    [5, 25],
  ])('over GF(%i) covers every pair of %i columns in 2q^2 - q rows', (order, columnCount) => {
    const rows = productArray(GaloisField.of(order)!, columnCount);
    expect(rows).toHaveLength(2 * order * order - order);
    const axes = Array.from({ length: columnCount }, (_, column) => ({
      name: `p${column}`,
      values: Array.from({ length: order }, (_, value) => `v${value}`),
    }));
    const named = rows.map((row) => Array.from(row, (value) => `v${value}`));
    expect(coveredKeys(axes, 2, named)).toEqual(requiredKeys(axes, 2, []));
  });

  it('has at most q^2 columns', () => {
    expect(() => productArray(GaloisField.of(3)!, 10)).toThrow(RangeError);
  });
});
