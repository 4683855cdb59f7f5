import { normalizeSentence } from './user-sentences';

/** A run of this many words taken from a policy clause is a quote, whatever surrounds it. */
export const QUOTE_WORDS = 6;

function words(text: string): string[] {
  return normalizeSentence(text.replace(/[.!?,;:"“”()]/g, ' '))
    .split(' ')
    .filter(Boolean);
}

function shingles(tokens: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (let index = 0; index + QUOTE_WORDS <= tokens.length; index++) found.add(tokens.slice(index, index + QUOTE_WORDS).join(' '));
  return found;
}

/** True when the text repeats six or more consecutive words of one of the policy clauses. */
export function quotesPolicy(text: string, rules: readonly string[]): boolean {
  const said = shingles(words(text));
  return rules.some((rule) => [...shingles(words(rule))].some((shingle) => said.has(shingle)));
}
