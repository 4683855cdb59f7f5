import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareJudges, compareJudgesFromGold, type GoldJudgeRun, type JudgedPair } from './compare-judges';
import { judgeAgreement, judgeAgreementFromGold, type RowsWithoutGold } from './judge-agreement';
import { judgeTrust, judgeTrustFromGold, type TrustPair } from './judge-trust';

type Pair = JudgedPair & TrustPair;

const verdict = fc.constantFrom(0 as const, 1 as const, null);
const pair: fc.Arbitrary<Pair> = fc.record({
  id: fc.constantFrom('task-a', 'task-b', 'task-c', 'task-d', 'task-e', 'ünïcode'),
  judge: verdict,
  // Gold is missing on most rows, as on a real run.
  gold: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: fc.constantFrom(0 as const, 1 as const) }),
  gold_kind: fc.constantFrom('human' as const, 'human' as const, 'program' as const, 'model' as const, null),
  author: fc.constantFrom('ann', 'bob', 'ann, bob', null, ' '),
  unsure: fc.boolean(),
});
const options = fc.record(
  {
    allowModelGold: fc.boolean(),
    minAgreement: fc.constantFrom(0.5, 0.8),
    minKappa: fc.constantFrom(0.2, 0.6),
    maxSkippedShare: fc.constantFrom(0, 0.1, 0.5),
  },
  { requiredKeys: [] },
);

/** Moves each gold-less pair (where `moves` says so) out of the list and into the counts. */
function split(pairs: readonly Pair[], moves: readonly boolean[]): { pairs: Pair[]; withoutGold: RowsWithoutGold } {
  const kept: Pair[] = [];
  const withoutGold = { n: 0, unjudged: 0, unsure: 0 };
  pairs.forEach((entry, index) => {
    if (entry.gold !== null || moves[index % Math.max(1, moves.length)] !== true) {
      kept.push(entry);
      return;
    }
    withoutGold.n += 1;
    if (entry.judge === null) withoutGold.unjudged += 1;
    if (entry.unsure === true) withoutGold.unsure += 1;
  });
  return { pairs: kept, withoutGold };
}

const rows = fc.array(pair, { maxLength: 120 });
const moves = fc.array(fc.boolean(), { minLength: 1, maxLength: 17 });

describe('agreement from gold pairs and counts of the rest', () => {
  it('judgeAgreementFromGold equals judgeAgreement over every row', () => {
    fc.assert(
      fc.property(rows, moves, options, (all, chosen, settings) => {
        const { pairs, withoutGold } = split(all, chosen);
        expect(judgeAgreementFromGold(pairs, withoutGold, settings)).toEqual(judgeAgreement(all, settings));
      }),
      { numRuns: 400 },
    );
  });

  it('judgeTrustFromGold equals judgeTrust over every row', () => {
    fc.assert(
      fc.property(rows, moves, options, (all, chosen, settings) => {
        const { pairs, withoutGold } = split(all, chosen);
        expect(judgeTrustFromGold(pairs, withoutGold, settings)).toEqual(judgeTrust(all, settings));
      }),
      { numRuns: 400 },
    );
  });

  it('compareJudgesFromGold equals compareJudges over every row, judges of unequal runs included', () => {
    const judge = fc.record({ name: fc.constantFrom('alpha', 'beta', 'gamma@v2', 'alpha'), pairs: rows, moves });
    fc.assert(
      fc.property(fc.array(judge, { maxLength: 4 }), options, (judges, settings) => {
        const fromGold: GoldJudgeRun[] = judges.map((entry) => ({ name: entry.name, ...split(entry.pairs, entry.moves) }));
        const whole = judges.map((entry) => ({ name: entry.name, pairs: entry.pairs }));
        expect(compareJudgesFromGold(fromGold, settings)).toEqual(compareJudges(whole, settings));
      }),
      { numRuns: 300 },
    );
  });

  it('counts rows that are only counted in the totals and in the warning that names them', () => {
    const labelled: Pair[] = [{ id: 'task-a', judge: null, gold: 1, gold_kind: 'human', author: 'ann', unsure: false }];
    const withoutGold = { n: 99_999, unjudged: 40_000, unsure: 7 };
    const measure = judgeAgreementFromGold(labelled, withoutGold);
    expect(measure).toMatchObject({ n: 0, n_skipped: 100_000 });
    expect(measure.warnings).toEqual([
      'No row has both a judge grade and a gold label (99999 of 100000 rows have no gold label; 40001 ' +
        'of 100000 rows have no judge grade): grade the rows with a judge and label some of them by hand.',
    ]);
    expect(judgeTrustFromGold(labelled, withoutGold)).toMatchObject({ n_rows: 100_000, n_labeled: 1, skipped: { n: 1, share: 1 } });
    const compared = compareJudgesFromGold([{ name: 'alpha', pairs: labelled, withoutGold }]);
    expect(compared).toMatchObject({ n_rows: 100_000, scores: [{ unjudged: 40_001, unsure: 7 }] });
  });
});
