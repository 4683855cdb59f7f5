import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashInt, hashUnit, sha256Hex, SeededRandom, shortHash, stableJson } from './index';

/** The formulas as first written: hex of the library's one-shot digest. */
const reference = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));

describe('seeded helpers', () => {
  it('hash like Python hashlib.sha256(text.encode()).hexdigest()', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('é')).toBe('4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c');
  });

  it('map a key to (0, 1) with the SDK formula', () => {
    const hex = sha256Hex('fault-keep:0:sc-1').slice(0, 8);
    expect(hashUnit('fault-keep:0:sc-1')).toBeCloseTo((Number.parseInt(hex, 16) + 1) / (16 ** 8 + 2), 15);
    expect(hashInt('x', 7)).toBe(Number.parseInt(sha256Hex('x').slice(0, 8), 16) % 7);
  });

  it('give exactly what the one-shot digest gives, for any text, length and prefix, one call after another', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.integer({ min: 1, max: 13 }), fc.integer({ min: 0, max: 64 })),
          { minLength: 1, maxLength: 8 },
        ),
        (calls) => {
          for (const [text, digits, length] of calls) {
            const hex = reference(text);
            expect(sha256Hex(text)).toBe(hex);
            expect(shortHash(text, length)).toBe(hex.slice(0, length));
            expect(hashUnit(text, digits)).toBe((Number.parseInt(hex.slice(0, digits), 16) + 1) / (16 ** digits + 2));
            expect(hashInt(text, 1 + (length % 17))).toBe(Number.parseInt(hex.slice(0, 8), 16) % (1 + (length % 17)));
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(shortHash('abc')).toBe('ba7816bf8f01cfea');
    expect(sha256Hex('x'.repeat(5000))).toBe(reference('x'.repeat(5000)));
  });

  it('sort keys at every depth and drop undefined, so equal values print equal', () => {
    expect(stableJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[{"y":2,"z":1}]},"b":1}');
  });

  it('repeat a stream for the same seed or key, and differ across keys', () => {
    const draw = (random: SeededRandom) => Array.from({ length: 5 }, () => random.below(1000));
    expect(draw(new SeededRandom(7))).toEqual(draw(new SeededRandom(7)));
    expect(draw(SeededRandom.fromKey('7:rollout:3'))).toEqual(draw(SeededRandom.fromKey('7:rollout:3')));
    expect(draw(SeededRandom.fromKey('7:rollout:3'))).not.toEqual(draw(SeededRandom.fromKey('7:rollout:4')));
  });

  it('stay within bounds', () => {
    const random = new SeededRandom(1);
    for (let index = 0; index < 1000; index++) {
      const value = random.below(3);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(3);
      const unit = random.unit();
      expect(unit).toBeGreaterThanOrEqual(0);
      expect(unit).toBeLessThan(1);
    }
  });
});
