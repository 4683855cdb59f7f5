import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateArithmetic } from './calculator';

describe('evaluateArithmetic', () => {
  it.each<[string, number]>([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['2 ** 3 ** 2', 512],
    ['-2 ** 2', -4],
    ['2 ** -1', 0.5],
    ['7 // 2', 3],
    ['-7 // 2', -4],
    ['7 % -3', -2],
    ['-7 % 3', 2],
    ['1.5e2 + .5', 150.5],
    ['10 / 4', 2.5],
    ['+-+3', -3],
  ])('%s = %d', (expression, value) => {
    expect(evaluateArithmetic(expression)).toBe(value);
  });

  it.each(['', '2 +', '(1', '1)', 'abs(-1)', '1,000 + 1', '5 / 0', '3 // 0', '(-8) ** 0.5', 'os.system("x")'])(
    'rejects %j',
    (expression) => {
      expect(evaluateArithmetic(expression)).toBeNull();
    },
  );

  it('agrees with JavaScript on sums and products of integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -999, max: 999 }), fc.integer({ min: -999, max: 999 }), fc.integer({ min: 1, max: 50 }), (a, b, c) => {
        expect(evaluateArithmetic(`${a} + ${b} * ${c}`)).toBe(a + b * c);
        expect(evaluateArithmetic(`(${a} - ${b}) * ${c}`)).toBe((a - b) * c);
      }),
    );
  });
});
