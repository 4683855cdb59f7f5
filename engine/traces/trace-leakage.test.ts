import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cosine, hashedVector, TraceLeakGate } from './trace-leakage';

describe('TraceLeakGate', () => {
  const sources = ['Where is my order A1001? It was due Monday.', 'I need a refund for order A1003, it arrived broken.'];

  it('drops exact and near copies of a source trace and keeps new asks', () => {
    const gate = new TraceLeakGate(sources);
    expect(gate.check('where is my order a1001?   it was due monday.')).toEqual({ similarity: 1, source: 0 });
    expect(gate.check('Where is my order A1001? It was due Monday!!')).toMatchObject({ source: 0 });
    expect(gate.check('Can you check whether order B2002 has shipped yet?')).toBeUndefined();
    expect(gate.report()).toMatchObject({ n_checked: 3, n_sources: 2, threshold: 0.9, n_dropped: 2, max_similarity: 1 });
    expect(gate.report().examples).toHaveLength(2);
  });

  it('keeps a paraphrase that shares only a few words', () => {
    const gate = new TraceLeakGate(sources);
    expect(gate.check('My parcel A1001 was supposed to arrive Monday, where is it?')).toBeUndefined();
  });

  it('scores a text against itself 1 and stays within [0, 1]', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const similarity = cosine(hashedVector(a), hashedVector(b));
        expect(similarity).toBeGreaterThanOrEqual(0);
        expect(similarity).toBeLessThanOrEqual(1);
        if (/[a-z0-9]/i.test(a)) expect(cosine(hashedVector(a), hashedVector(a))).toBeCloseTo(1, 12);
      }),
    );
  });
});
