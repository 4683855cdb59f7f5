import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactJson, jsonString } from './json-text';

describe('jsonString', () => {
  it('is JSON.stringify for any string, lone surrogates and controls included', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' })), (text) => {
        expect(jsonString(text)).toBe(JSON.stringify(text));
      }),
    );
  });
});

describe('compactJson', () => {
  it('is JSON.stringify, byte for byte, for any JSON-like value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(compactJson(value)).toBe(JSON.stringify(value));
      }),
    );
  });

  it('is JSON.stringify for anything else too: holes, undefined, -0, non-finite numbers, null prototypes', () => {
    fc.assert(
      fc.property(
        fc.anything({ withNullPrototype: true, withSparseArray: true, withObjectString: true, withBoxedValues: true, withDate: true }),
        (value) => {
          expect(compactJson(value)).toBe(JSON.stringify(value));
        },
      ),
    );
    expect(compactJson({ a: undefined, b: () => 1, c: Symbol('c'), d: [undefined, () => 1], e: -0, f: Number.NaN, g: -Infinity })).toBe(
      '{"d":[null,null],"e":0,"f":null,"g":null}',
    );
    expect(compactJson(undefined)).toBeUndefined();
  });

  it('leaves toJSON, class instances and errors to JSON.stringify', () => {
    class Money {
      constructor(readonly cents: number) {}
    }
    const dated = { at: new Date(Date.UTC(2026, 10, 30)), money: new Money(499), list: Object.assign([1, 2], { toJSON: () => 'list' }) };
    expect(compactJson(dated)).toBe(JSON.stringify(dated));
    expect(() => compactJson({ big: 1n })).toThrow(TypeError);
    const cycle: Record<string, unknown> = {};
    cycle.self = { inner: cycle };
    expect(() => compactJson(cycle)).toThrow(/circular/i);
  });
});
