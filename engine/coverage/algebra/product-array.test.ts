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
    [2, 9],
    [3, 16],
    [4, 25],
    [5, 36],
  ])('over GF(%i) covers every pair of %i columns in 2q^2 - q rows up to q^2 columns, else 2q^2', (order, columnCount) => {
    const rows = productArray(GaloisField.of(order)!, columnCount);
    expect(rows).toHaveLength(columnCount <= order * order ? 2 * order * order - order : 2 * order * order);
    const axes = Array.from({ length: columnCount }, (_, column) => ({
      name: `p${column}`,
      values: Array.from({ length: order }, (_, value) => `v${value}`),
    }));
    const named = rows.map((row) => Array.from(row, (value) => `v${value}`));
    expect(coveredKeys(axes, 2, named)).toEqual(requiredKeys(axes, 2, []));
  });

  it('has at most (q + 1)^2 columns', () => {
    expect(() => productArray(GaloisField.of(3)!, 17)).toThrow(RangeError);
  });
});
