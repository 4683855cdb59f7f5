import { describe, expect, it } from 'vitest';
import { clipWords } from './clip-words';

describe('clipWords', () => {
  it('keeps a short text whole, its whitespace made single spaces', () => {
    expect(clipWords('  a refund\n desk ', 80)).toBe('a refund desk');
  });

  it('cuts a long text at the last word that fits, never inside a word', () => {
    const sentence = 'an order support agent that refunds orders after confirming them with the customer before anything else';
    const clipped = clipWords(sentence, 80);
    expect(clipped).toBe('an order support agent that refunds orders after confirming them with the…');
    expect(clipped.length).toBeLessThanOrEqual(80);
    for (const word of clipped.slice(0, -1).split(' ')) expect(sentence.split(' ')).toContain(word);
  });

  it('drops a trailing comma or dash before the ellipsis, and cuts a single overlong word', () => {
    expect(clipWords('refunds, returns, exchanges', 19)).toBe('refunds, returns…');
    expect(clipWords('supercalifragilistic', 10)).toBe('supercali…');
  });
});
