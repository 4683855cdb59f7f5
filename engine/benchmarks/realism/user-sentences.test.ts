import { describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/domain';
import { distinctBigrams, normalizeSentence, repetition, sentencesOf } from './user-sentences';

const row = (...user: string[]): { messages: Message[] } => ({
  messages: user.flatMap((content): Message[] => [
    { role: 'user', content },
    { role: 'assistant', content: 'No problem, let me look into that for you right away.' },
  ]),
});

describe('user sentences', () => {
  it('compare sentences without case, punctuation or the digits of ids and amounts', () => {
    expect(normalizeSentence("It's ORD-95347, I think!")).toBe("it's # i think");
    expect(sentencesOf('Hi. My order ORD-1 never came. Can you check it?\nThanks')).toEqual(['my order # never came', 'can you check it']);
  });

  it('count rows holding the most frequent sentence and the share of the ten most frequent', () => {
    const rows = [
      row('Where is order ORD-1? No rush at all, thanks.'),
      row('Where is order ORD-2? It was a gift for my aunt.'),
      row('Please cancel my booking today.'),
      row('Where is order ORD-3?', 'Where is order ORD-3?'),
    ];
    const figures = repetition(rows);
    expect(figures.repeatedSentence).toBe('where is order #');
    expect(figures.repeatedSentenceShare).toBe(0.75);
    expect(figures.sentences).toBe(7);
    expect(figures.topTenShare).toBe(1);
    expect(repetition([]).repeatedSentenceShare).toBe(0);
  });

  it('measure distinct bigrams over the texts', () => {
    expect(distinctBigrams(['my order is late', 'my order is lost'])).toBeCloseTo(4 / 6);
    expect(distinctBigrams(['a b', 'a b'])).toBe(0.5);
    expect(distinctBigrams([])).toBe(0);
  });
});
