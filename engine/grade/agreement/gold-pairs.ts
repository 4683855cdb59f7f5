import type { Verdict } from './confusion';
import type { RowsWithoutGold } from './judge-agreement';

/** One labelled row as a judge saw it: its verdict (null when unjudged), the gold, and whether it was unsure. */
export interface GoldRowVerdict {
  row_id: string;
  judge: Verdict | null;
  gold: Verdict | null;
  unsure?: boolean;
}

/** A judge's counts over every row of a run (its latest grade on each). */
export interface JudgeRowCounts {
  /** Rows with a grade. */
  n_graded: number;
  /** Graded rows whose grade has no reward. */
  n_unjudged: number;
  n_unsure: number;
}

/**
 * The rows outside `pairs` (the labelled rows) as counts, from the judge's counts over all `nRows` rows: a row is
 * unjudged when it has no grade or a grade without a reward; the labelled rows' share is taken out.
 */
export function rowsWithoutGold(nRows: number, counts: JudgeRowCounts, pairs: readonly GoldRowVerdict[]): RowsWithoutGold {
  const unjudged = nRows - (counts.n_graded - counts.n_unjudged);
  return {
    n: nRows - pairs.length,
    unjudged: unjudged - pairs.filter((pair) => pair.judge === null).length,
    unsure: counts.n_unsure - pairs.filter((pair) => pair.unsure).length,
  };
}

/** The word for a verdict, as reports and agreement files write it. */
export const verdictWord = (verdict: Verdict): 'pass' | 'fail' => (verdict === 1 ? 'pass' : 'fail');

/** The rows where the judge and the gold both gave a verdict and the two differ. */
export function disagreementsWithGold(
  pairs: readonly GoldRowVerdict[],
): Array<{ row_id: string; judge: 'pass' | 'fail'; gold: 'pass' | 'fail' }> {
  return pairs
    .filter((pair) => pair.judge !== null && pair.gold !== null && pair.judge !== pair.gold)
    .map((pair) => ({ row_id: pair.row_id, judge: verdictWord(pair.judge!), gold: verdictWord(pair.gold!) }));
}
