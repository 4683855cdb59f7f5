import { describe, expect, it } from 'vitest';
import { chooseFilled, type LineCandidate } from './progressive-fill';

const lines = (first: number, last: number, loaded = (index: number) => index >= 0): LineCandidate[] =>
  Array.from({ length: last - first + 1 }, (_, offset) => first + offset).map((index) => ({
    index,
    rowId: loaded(index) ? `r${index}` : undefined,
  }));

describe('drawing new lines a few per frame', () => {
  it('draws the lines on screen first, from the top, then the ones just off screen', () => {
    const { filled, isPending } = chooseFilled(lines(97, 130), { first: 100, last: 127 }, new Set(), 8);
    expect([...filled].sort()).toEqual(['r100', 'r101', 'r102', 'r103', 'r104', 'r105', 'r106', 'r107']);
    expect(isPending).toBe(true);
  });

  it('draws the line the keyboard is on before the others (End jumps to the last row)', () => {
    const { filled } = chooseFilled(lines(99_970, 99_999), { first: 99_973, last: 99_999, focused: 99_999 }, new Set(), 2);
    expect([...filled]).toEqual(['r99999', 'r99973']);
  });

  it('keeps every line already drawn and spends the budget on new ones only', () => {
    const drawn = new Set(lines(100, 127).map((line) => line.rowId!));
    const { filled, isPending } = chooseFilled(lines(102, 132), { first: 105, last: 129 }, drawn, 8);
    expect(filled.size).toBe(31);
    expect(isPending).toBe(false);
  });

  it('finishes a screen of new lines within a few frames', () => {
    let drawn = new Set<string>();
    let frames = 0;
    for (let isPending = true; isPending; frames += 1) {
      const next = chooseFilled(lines(5_000, 5_033), { first: 5_003, last: 5_030 }, drawn, 8);
      drawn = next.filled;
      isPending = next.isPending;
    }
    expect(drawn.size).toBe(34);
    expect(frames).toBe(5);
  });

  it('waits for nothing while pages load: lines without a row are not drawn and not pending', () => {
    const { filled, isPending } = chooseFilled(
      lines(0, 20, (index) => index < 5),
      { first: 0, last: 17 },
      new Set(),
      8,
    );
    expect(filled.size).toBe(5);
    expect(isPending).toBe(false);
  });
});
