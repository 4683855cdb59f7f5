import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indentedPositions, markedArguments, markRange, readableAnswer } from './highlight';

const marked = (segments: { text: string; isMarked: boolean }[]) =>
  segments.filter((segment) => segment.isMarked).map((segment) => segment.text);

describe('conduct highlight', () => {
  it('marks the sentence that fired inside a message, and nothing for an empty or outside range', () => {
    const text = 'Sure. Your refund of $40 is done. Anything else?';
    expect(markRange(text, 6, 33)).toEqual([
      { text: 'Sure. ', isMarked: false },
      { text: 'Your refund of $40 is done.', isMarked: true },
      { text: ' Anything else?', isMarked: false },
    ]);
    expect(marked(markRange(text, 5, 5))).toEqual([]);
    expect(marked(markRange(text, 43, 400))).toEqual(['else?']);
  });

  it('finds a span given in compact JSON offsets inside the indented arguments', () => {
    const args = { order_id: 'A 1001', amount: 40, note: 'as "agreed"' };
    const compact = JSON.stringify(args);
    const start = compact.indexOf('A 1001');
    expect(marked(markedArguments(args, { start, end: start + 'A 1001'.length }))).toEqual(['A 1001']);
    const key = compact.indexOf('"amount":40');
    expect(marked(markedArguments(args, { start: key, end: key + '"amount":40'.length }))).toEqual(['"amount": 40']);
  });

  it('maps every compact position onto the same character of the indented JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const compact = JSON.stringify(value);
        if (compact === undefined) return;
        const indented = JSON.stringify(value, null, 2);
        const positions = indentedPositions(compact, indented);
        [...compact].forEach((character, index) => expect(indented[positions[index]!]).toBe(character));
      }),
    );
  });

  it("reads a tool answer's status and indents it", () => {
    expect(readableAnswer('{"status":"not_found","missing":["A1"]}')).toEqual({
      text: '{\n  "status": "not_found",\n  "missing": [\n    "A1"\n  ]\n}',
      status: 'not_found',
    });
    expect(readableAnswer('gateway timeout')).toEqual({ text: 'gateway timeout', status: null });
  });
});
