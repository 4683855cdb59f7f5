import { DOMAIN_BANKS, type DomainBank } from '../banks';
import { singular } from './english';

/** A bank needs at least this score (sum of matched keyword weights) to be chosen over a generic spec. */
export const MIN_BANK_SCORE = 3;

export interface BankScore {
  bank: DomainBank;
  score: number;
  /** The keywords found, in the bank's order. */
  matched: string[];
}

export interface BankChoice {
  /** The chosen bank, or undefined when none reached MIN_BANK_SCORE. */
  bank: DomainBank | undefined;
  /** Every bank's score, best first (ties: more keywords matched, then the bank list's order). */
  ranking: BankScore[];
}

/** Scores each bank by the keywords the sentence contains (each keyword counted once) and picks the best. */
export function chooseBank(sentence: string, banks: readonly DomainBank[] = DOMAIN_BANKS): BankChoice {
  const tokens = stemmedTokens(sentence);
  const ranking = banks
    .map((bank, order) => {
      const matched = bank.keywords.filter((keyword) => containsPhrase(tokens, stemmedTokens(keyword.term))).map((keyword) => keyword.term);
      const score = bank.keywords.filter((keyword) => matched.includes(keyword.term)).reduce((sum, keyword) => sum + keyword.weight, 0);
      return { bank, score, matched, order };
    })
    .sort((left, right) => right.score - left.score || right.matched.length - left.matched.length || left.order - right.order)
    .map(({ bank, score, matched }) => ({ bank, score, matched }));
  const best = ranking[0];
  return { bank: best && best.score >= MIN_BANK_SCORE ? best.bank : undefined, ranking };
}

function stemmedTokens(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map(singular);
}

function containsPhrase(tokens: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  for (let start = 0; start + phrase.length <= tokens.length; start++) {
    if (phrase.every((word, offset) => tokens[start + offset] === word)) return true;
  }
  return false;
}
