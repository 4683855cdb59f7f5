import { describe, expect, it } from 'vitest';
import { TRUNCATED_REPLY_CHARS } from './rules';
import { isTruncated, looksFinished } from './truncation';

const filler = 'The replacement part is on order and the technician will confirm a visit window with you by email '.repeat(7);

describe('looksFinished', () => {
  it.each([
    ['terminal punctuation', 'It shipped on March 2.'],
    ['a closing bracket', 'See the tracking page (link above)'],
    ['a closed code fence', '```sql\nSELECT 1\n```'],
    ['an answer line', 'So the total is:\n#### 42'],
    ['a bare sign-off', 'Let me know if that helps\nCheers'],
    ['a name after a comma line', 'Let me know if that helps\nBest,\nSam'],
  ])('%s', (_name, text) => expect(looksFinished(text)).toBe(true));

  it.each([
    ['a cut word', 'The replacement unit will be shipped from our ware'],
    ['an unclosed code fence', 'Run this:\n```sql\nSELECT * FROM orders WHERE'],
    ['an empty reply', '   '],
  ])('%s is not finished', (_name, text) => expect(looksFinished(text)).toBe(false));
});

describe('isTruncated', () => {
  it('only flags replies longer than the cap that stop mid-sentence', () => {
    expect(filler.length).toBeGreaterThan(TRUNCATED_REPLY_CHARS);
    expect(isTruncated(`${filler}and then`)).toBe(true);
    expect(isTruncated(`${filler}and then we are done.`)).toBe(false);
    expect(isTruncated('and then')).toBe(false);
  });
});
