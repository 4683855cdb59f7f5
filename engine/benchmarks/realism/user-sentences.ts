import type { Row } from '../../../shared/domain';

/**
 * How much of what the simulated people say is the same sentence again. Sentences are compared the strict way:
 * lowercased, punctuation dropped, and every token with a digit (ids, amounts, dates) read as `#`, so one template
 * with different ids counts as one sentence. Sentences under three words ("Thanks.", "Yes please.") are left out:
 * real people say them all the time, and they say nothing about templates.
 */
export const MIN_SENTENCE_WORDS = 3;

/** A sentence as it is compared: lowercase words, numbers and ids as `#`. */
export function normalizeSentence(sentence: string): string {
  return sentence
    .toLowerCase()
    .split(/\s+/)
    .map((token) => (/\d/.test(token) ? '#' : token.replace(/[^a-z'#]/g, '').replace(/^'+|'+$/g, '')))
    .filter((token) => token !== '')
    .join(' ');
}

/** The compared sentences of one message (sentence ends and line breaks split it). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map(normalizeSentence)
    .filter((sentence) => sentence.split(' ').length >= MIN_SENTENCE_WORDS);
}

export interface RepetitionFigures {
  /** Share of rows that contain the run's most frequent user sentence. */
  repeatedSentenceShare: number;
  repeatedSentence: string;
  /** Share of all user sentences that are one of the ten most frequent. */
  topTenShare: number;
  sentences: number;
}

/** The repeated-sentence and top-ten figures over every user message of the rows. */
export function repetition(rows: readonly Pick<Row, 'messages'>[]): RepetitionFigures {
  const occurrences = new Map<string, number>();
  const rowsWith = new Map<string, number>();
  let total = 0;
  for (const row of rows) {
    const seen = new Set<string>();
    for (const message of row.messages) {
      if (message.role !== 'user') continue;
      for (const sentence of sentencesOf(message.content)) {
        total++;
        occurrences.set(sentence, (occurrences.get(sentence) ?? 0) + 1);
        seen.add(sentence);
      }
    }
    for (const sentence of seen) rowsWith.set(sentence, (rowsWith.get(sentence) ?? 0) + 1);
  }
  let repeatedSentence = '';
  let most = 0;
  for (const [sentence, count] of rowsWith) {
    if (count > most || (count === most && sentence < repeatedSentence)) [repeatedSentence, most] = [sentence, count];
  }
  const topTen = [...occurrences.values()].sort((left, right) => right - left).slice(0, 10);
  return {
    repeatedSentenceShare: rows.length === 0 ? 0 : most / rows.length,
    repeatedSentence,
    topTenShare: total === 0 ? 0 : topTen.reduce((sum, count) => sum + count, 0) / total,
    sentences: total,
  };
}

/** Distinct word bigrams over all bigrams of the texts (each text's own bigrams; words compared as above). */
export function distinctBigrams(texts: readonly string[]): number {
  const distinct = new Set<string>();
  let total = 0;
  for (const text of texts) {
    const words = normalizeSentence(text.replace(/[.!?,;:]/g, ' '))
      .split(' ')
      .filter(Boolean);
    for (let index = 0; index + 1 < words.length; index++) {
      distinct.add(`${words[index]} ${words[index + 1]}`);
      total++;
    }
  }
  return total === 0 ? 0 : distinct.size / total;
}
