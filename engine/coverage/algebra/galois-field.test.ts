import { describe, expect, it } from 'vitest';
import { GaloisField, primePower } from './galois-field';

describe('GaloisField', () => {
  it.each([2, 3, 4, 5, 7, 8, 9, 16, 25, 27, 32])('GF(%i) is a field', (order) => {
    const field = GaloisField.of(order)!;
    const elements = Array.from({ length: order }, (_, element) => element);
    for (const left of elements) {
      expect(field.add(left, 0)).toBe(left);
      expect(field.multiply(left, 1)).toBe(left);
      expect(new Set(elements.map((right) => field.add(left, right))).size).toBe(order);
      if (left !== 0) expect(new Set(elements.map((right) => field.multiply(left, right))).size).toBe(order);
      for (const right of elements) {
        for (const third of [0, 1, order - 1]) {
          expect(field.multiply(left, field.add(right, third))).toBe(field.add(field.multiply(left, right), field.multiply(left, third)));
        }
      }
    }
  });

  it.each([2, 4, 7, 9, 25])('GF(%i) subtracts and divides as the inverses of adding and multiplying', (order) => {
    const field = GaloisField.of(order)!;
    for (let left = 0; left < order; left++) {
      for (let right = 0; right < order; right++) {
        expect(field.add(field.subtract(left, right), right)).toBe(left);
        if (right !== 0) expect(field.multiply(field.divide(left, right), right)).toBe(left);
      }
    }
    expect(() => field.divide(1, 0)).toThrow(RangeError);
  });

  it('exists only for prime powers', () => {
    expect([1, 6, 10, 12, 15, 20].map((order) => GaloisField.of(order))).toEqual(Array(6).fill(undefined));
    expect(primePower(81)).toEqual({ prime: 3, exponent: 4 });
  });
});
