// Every warning the agreement measures give is shown on its own (the trust panel's list, `wai agreement`'s
// `warning:` lines), so each is a whole sentence: a capital first, a full stop last. Checked over random label sets.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LABEL_KINDS } from '../../../shared/domain/label';
import { compareJudges, type JudgedPair } from './compare-judges';
import { humanAgreement, type AuthoredLabel } from './human-agreement';
import { judgeAgreement } from './judge-agreement';
import { judgeTrust, type TrustPair } from './judge-trust';

const SENTENCE = /^[A-Z][\s\S]*[^.]\.$/;

const verdict = fc.constantFrom<0 | 1>(0, 1);
const pair: fc.Arbitrary<TrustPair & JudgedPair> = fc.record({
  id: fc.constantFrom('t1', 't2', 't3', 't4', 't5', 't6'),
  judge: fc.option(verdict, { nil: null }),
  gold: fc.option(verdict, { nil: null }),
  gold_kind: fc.option(fc.constantFrom(...LABEL_KINDS), { nil: null }),
  author: fc.constantFrom<string | null>('ana', 'bo', null, '  '),
  unsure: fc.boolean(),
});
const label: fc.Arbitrary<AuthoredLabel> = fc.record({
  id: fc.constantFrom('r1', 'r2', 'r3'),
  author: fc.constantFrom('ana', 'bo', 'cy'),
  label: verdict,
});

/** Pairs weighted toward the edges that warn: a single class, no gold, a handful, the leak. */
const pairSets = fc.oneof(
  fc.array(pair, { maxLength: 70 }),
  fc
    .tuple(verdict, verdict, fc.integer({ min: 1, max: 60 }))
    .map(([judge, gold, n]) =>
      Array.from({ length: n }, (_, index) => ({ id: `t${index}`, judge, gold, gold_kind: 'human' as const, author: 'ana' })),
    ),
);

describe('agreement warnings', () => {
  it('are sentences a person reads: a capital first, a full stop last', () => {
    fc.assert(
      fc.property(
        pairSets,
        fc.array(pairSets, { maxLength: 3 }),
        fc.array(label, { maxLength: 8 }),
        fc.boolean(),
        (pairs, judges, labels, allowModelGold) => {
          const warnings = [
            ...judgeAgreement(pairs, { allowModelGold }).warnings,
            ...judgeTrust(pairs, { allowModelGold }).warnings,
            ...compareJudges(judges.map((judged, index) => ({ name: `judge-${index}`, pairs: judged }))).warnings,
            ...humanAgreement(labels).warnings,
            ...humanAgreement(labels, ['ana', 'ana']).warnings,
          ];
          for (const warning of warnings) expect(warning).toMatch(SENTENCE);
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });

  it('name what to do when the judge cannot be measured yet', () => {
    expect(judgeTrust([]).warnings).toEqual([
      'Unmeasured: no row has a gold label; label 50 rows by hand to measure the judge.',
      'No rows were given, so there is nothing to measure: grade a run and label some of its rows by hand.',
    ]);
    const unsigned = judgeTrust([{ id: 't1', judge: 1, gold: 1, gold_kind: 'human', author: null }]).warnings;
    expect(unsigned[0]).toBe(
      'Unmeasured: no judged row has a gold label with an author, so the judge has not been measured; ' +
        'sign your labels (an annotator name) on rows the judge graded.',
    );
  });
});
