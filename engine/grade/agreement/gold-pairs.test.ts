import { describe, expect, it } from 'vitest';
import { disagreementsWithGold, rowsWithoutGold, type GoldRowVerdict } from './gold-pairs';

const pairs: GoldRowVerdict[] = [
  { row_id: 'a', judge: 1, gold: 0, unsure: false },
  { row_id: 'b', judge: null, gold: 1, unsure: false },
  { row_id: 'c', judge: 0, gold: 0, unsure: true },
  { row_id: 'd', judge: 0, gold: 1 },
];

describe('gold pairs', () => {
  it('counts the rows without gold from the judge counts over every row, less the labelled rows', () => {
    // 10 rows; 7 graded of which 1 without a reward: 4 unjudged, 1 of them labelled (b). 2 unsure, 1 labelled (c).
    expect(rowsWithoutGold(10, { n_graded: 7, n_unjudged: 1, n_unsure: 2 }, pairs)).toEqual({ n: 6, unjudged: 3, unsure: 1 });
  });

  it('lists the rows where judge and gold differ, in words', () => {
    expect(disagreementsWithGold(pairs)).toEqual([
      { row_id: 'a', judge: 'pass', gold: 'fail' },
      { row_id: 'd', judge: 'fail', gold: 'pass' },
    ]);
  });
});
