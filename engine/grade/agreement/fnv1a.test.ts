import { describe, expect, it } from 'vitest';
import { fnv1a32, halfOf } from './fnv1a';

describe('fnv1a32', () => {
  it('matches the published FNV-1a test vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('hashes the UTF-8 bytes, so non-ASCII ids are stable', () => {
    // "é" is C3 A9 in UTF-8.
    let expected = 0x811c9dc5;
    for (const byte of [0xc3, 0xa9]) expected = Math.imul(expected ^ byte, 0x01000193) >>> 0;
    expect(fnv1a32('é')).toBe(expected);
  });
});

describe('halfOf', () => {
  it('splits many task ids roughly in half', () => {
    const ids = Array.from({ length: 1000 }, (_, index) => `task-${index}`);
    const ones = ids.filter((id) => halfOf(id) === 1).length;
    expect(ones).toBeGreaterThan(430);
    expect(ones).toBeLessThan(570);
  });
});
