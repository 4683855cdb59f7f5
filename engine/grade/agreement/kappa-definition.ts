import { total, type Confusion } from './confusion';

/**
 * Whether a kappa is a measurement. The number itself stays what the SDK computes (1 or 0 where chance agreement is
 * total); where it measures nothing, `kappa_defined` is false and the reason says why in a sentence.
 */
export interface KappaDefinition {
  kappa_defined: boolean;
  kappa_undefined_reason: string | null;
}

export const KAPPA_DEFINED: KappaDefinition = { kappa_defined: true, kappa_undefined_reason: null };

const undefinedBecause = (reason: string): KappaDefinition => ({ kappa_defined: false, kappa_undefined_reason: reason });

/** Kappa compares two raters over several rows: one row (or none) gives no chance rate to compare with. */
function tooFewRows(n: number): KappaDefinition | null {
  if (n >= 2) return null;
  return undefinedBecause(`Kappa needs 2 rows or more; there ${n === 0 ? 'are none' : 'is 1'}.`);
}

const oneClass = (who: string, word: 'pass' | 'fail') =>
  undefinedBecause(`${who} ${word} on every row: with one class, kappa cannot tell agreement from chance.`);

/**
 * A judge against gold: undefined under 2 pairs, or when every gold label is one class (kappa is then 0 whatever the
 * judge does, or 0/0 when the judge used the same class too).
 */
export function judgeKappaDefinition(confusion: Confusion): KappaDefinition {
  const n = total(confusion);
  const few = tooFewRows(n);
  if (few) return few;
  const goldPasses = confusion.tp + confusion.fn;
  if (goldPasses === n) return oneClass('Every gold label is', 'pass');
  if (goldPasses === 0) return oneClass('Every gold label is', 'fail');
  return KAPPA_DEFINED;
}

/**
 * Two people on the rows both labelled (the first as prediction, the second as truth): each is the other's yardstick,
 * so kappa is undefined under 2 rows or when either gave one class on every shared row.
 */
export function pairKappaDefinition(confusion: Confusion, authors: readonly [string, string]): KappaDefinition {
  const n = total(confusion);
  const few = tooFewRows(n);
  if (few) return few;
  const firstPasses = confusion.tp + confusion.fp;
  const secondPasses = confusion.tp + confusion.fn;
  for (const [author, passes] of [
    [authors[0], firstPasses],
    [authors[1], secondPasses],
  ] as const) {
    if (passes === n) return oneClass(`${author} said`, 'pass');
    if (passes === 0) return oneClass(`${author} said`, 'fail');
  }
  return KAPPA_DEFINED;
}

/** Fleiss' kappa: undefined under 2 rows, or when every rating of every row is one class (chance agreement is 1). */
export function fleissKappaDefinition(n: number, passes: number, ratings: number): KappaDefinition {
  const few = tooFewRows(n);
  if (few) return few;
  if (passes === ratings) return oneClass('Everyone said', 'pass');
  if (passes === 0) return oneClass('Everyone said', 'fail');
  return KAPPA_DEFINED;
}
