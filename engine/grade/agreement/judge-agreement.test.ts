import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Verdict } from './confusion';
import { judgeAgreement, type AgreementPair } from './judge-agreement';

function pairs(count: number, judge: Verdict | null, gold: Verdict | null, extra: Partial<AgreementPair> = {}): AgreementPair[] {
  return Array.from({ length: count }, () => ({ judge, gold, gold_kind: 'human', author: 'ana', ...extra }));
}

/** The Wikipedia kappa table with the judge as rater A and the gold as rater B. */
const wikipedia = [...pairs(20, 1, 1), ...pairs(5, 1, 0), ...pairs(10, 0, 1), ...pairs(15, 0, 0)];

describe('judgeAgreement', () => {
  it('reproduces the hand-worked 2x2 example', () => {
    const result = judgeAgreement(wikipedia);
    expect(result).toMatchObject({
      n: 50,
      n_skipped: 0,
      n_unmeasured: 0,
      agreement: 0.7,
      kappa: 0.4,
      confusion: { tp: 20, fp: 5, tn: 15, fn: 10 },
      pass_when_gold_fail: 0.25,
      fail_when_gold_pass: 0.3333,
      judge_pass_rate: 0.5,
      gold_pass_rate: 0.6,
      gold_kind: 'human',
      ok: true,
    });
    expect(result.warnings).toEqual([
      'The judge passed 5 of 20 gold failures (pass_when_gold_fail 0.25 >= 0.1): read the rows it ' +
        'passed and tighten its rubric before trusting its passes.',
    ]);
  });

  it('measures perfect agreement as agreement 1 and kappa 1', () => {
    const result = judgeAgreement([...pairs(30, 1, 1), ...pairs(20, 0, 0)]);
    expect(result.agreement).toBe(1);
    expect(result.kappa).toBe(1);
    expect(result.pass_when_gold_fail).toBe(0);
    expect(result.warnings).toEqual([]);
  });

  it('counts pairs missing either side as skipped', () => {
    const result = judgeAgreement([...pairs(3, 1, 1), ...pairs(2, null, 1), ...pairs(1, 0, null)]);
    expect(result.n).toBe(3);
    expect(result.n_skipped).toBe(3);
  });

  it('says which half is missing when nothing overlaps, with null numbers', () => {
    const result = judgeAgreement([...pairs(4, null, 1), ...pairs(2, 1, null)]);
    expect(result).toMatchObject({
      n: 0,
      n_skipped: 6,
      agreement: null,
      kappa: null,
      pass_when_gold_fail: null,
      fail_when_gold_pass: null,
      judge_pass_rate: null,
      gold_pass_rate: null,
      gold_kind: null,
      ok: false,
    });
    expect(result.warnings).toEqual([
      'No row has both a judge grade and a gold label (2 of 6 rows have no gold label; 4 of 6 rows ' +
        'have no judge grade): grade the rows with a judge and label some of them by hand.',
    ]);
  });

  it('handles no rows at all', () => {
    const result = judgeAgreement([]);
    expect(result.n).toBe(0);
    expect(result.ok).toBe(false);
    expect(result.warnings).toEqual([
      'No rows were given, so there is nothing to measure: grade a run and label some of its rows by hand.',
    ]);
  });

  it('gives defined values and a warning when every gold label is pass (pe == 1 rule)', () => {
    const result = judgeAgreement(pairs(60, 1, 1));
    expect(result.kappa).toBe(1);
    expect(result.pass_when_gold_fail).toBeNull();
    expect(result.fail_when_gold_pass).toBe(0);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/^Every gold label is pass, .*: label some failing rows\.$/);
  });

  it('gives kappa 0 when gold is one class and the judge disagrees sometimes', () => {
    const result = judgeAgreement([...pairs(55, 0, 0), ...pairs(5, 1, 0)]);
    expect(result.kappa).toBe(0);
    expect(result.fail_when_gold_pass).toBeNull();
    expect(result.warnings.some((warning) => warning.startsWith('Every gold label is fail'))).toBe(true);
  });

  it('warns when the judge says one thing on every pair', () => {
    const result = judgeAgreement([...pairs(40, 1, 1), ...pairs(20, 1, 0)]);
    expect(result.kappa).toBe(0);
    expect(result.warnings).toContain(
      'The judge said pass on every pair: kappa 0 means it is no better than always saying pass; check ' +
        'its rubric on the rows your labels fail.',
    );
  });

  it('calls fewer than MIN_GOLD pairs coarse and says how many more to label', () => {
    const result = judgeAgreement([...pairs(10, 1, 1), ...pairs(10, 0, 0)]);
    expect(result.warnings).toEqual([
      'Agreement and kappa are coarse on only 20 labelled pairs (MIN_GOLD is 50): label 30 more rows by hand.',
    ]);
    expect(result.ok).toBe(true);
    expect(judgeAgreement(pairs(1, 1, 1)).warnings).toContain(
      'Agreement and kappa are coarse on only 1 labelled pair (MIN_GOLD is 50): label 49 more rows by hand.',
    );
    expect(judgeAgreement([...pairs(25, 1, 1), ...pairs(24, 0, 0)]).warnings).toContain(
      'Agreement and kappa are coarse on only 49 labelled pairs (MIN_GOLD is 50): label 1 more row by hand.',
    );
  });

  it('does not warn about a leak under LEAK_THRESHOLD', () => {
    const result = judgeAgreement([...pairs(30, 1, 1), ...pairs(1, 1, 0), ...pairs(19, 0, 0)]);
    expect(result.pass_when_gold_fail).toBe(0.05);
    expect(result.warnings).toEqual([]);
  });

  it('trusts only human gold unless model gold is allowed', () => {
    const modelGold = [...pairs(30, 1, 1, { gold_kind: 'model' }), ...pairs(30, 0, 0, { gold_kind: 'model' })];
    const strict = judgeAgreement(modelGold);
    expect(strict.gold_kind).toBe('model');
    expect(strict.ok).toBe(false);
    expect(strict.warnings[0]).toMatch(/^The gold labels come from a model/);
    expect(judgeAgreement(modelGold, { allowModelGold: true }).ok).toBe(true);
  });

  it('reports gold without a kind as unknown and names the fix', () => {
    const result = judgeAgreement([...pairs(30, 1, 1, { gold_kind: null }), ...pairs(30, 0, 0, { gold_kind: null })]);
    expect(result.gold_kind).toBe('unknown');
    expect(result.ok).toBe(false);
    expect(result.warnings[0]).toMatch(/attach_labels with kind human/);
  });

  it('reports mixed kinds as mixed', () => {
    const result = judgeAgreement([...pairs(30, 1, 1), ...pairs(30, 0, 0, { gold_kind: 'program' })]);
    expect(result.gold_kind).toBe('mixed');
    expect(result.ok).toBe(false);
  });

  it('reports gold with no author as unmeasured and keeps ok false', () => {
    const result = judgeAgreement([...pairs(50, 1, 1), ...pairs(8, 0, 0, { author: null }), ...pairs(2, 0, 0, { author: '  ' })]);
    expect(result.n).toBe(60);
    expect(result.n_unmeasured).toBe(10);
    expect(result.agreement).toBe(1);
    expect(result.ok).toBe(false);
    expect(result.warnings[0]).toBe(
      'No author is named on 10 of 60 gold labels: gold nobody signed is unmeasured, so ok stays false ' +
        'until every label names who made it; sign them (an annotator name, or --author on import).',
    );
  });

  it('never produces NaN and keeps every rate in [0, 1]', () => {
    const verdict = fc.constantFrom<Verdict | null>(0, 1, null);
    const pair = fc.record({
      judge: verdict,
      gold: verdict,
      gold_kind: fc.constantFrom('human' as const, 'model' as const, null),
      author: fc.constantFrom('ana', null),
    });
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 80 }), (input) => {
        const result = judgeAgreement(input);
        const rates = [
          result.agreement,
          result.pass_when_gold_fail,
          result.fail_when_gold_pass,
          result.judge_pass_rate,
          result.gold_pass_rate,
        ];
        const isRate = (value: number | null) => value === null || (value >= 0 && value <= 1);
        return (
          rates.every(isRate) &&
          (result.kappa === null || (result.kappa >= -1 && result.kappa <= 1)) &&
          result.n + result.n_skipped === input.length
        );
      }),
    );
  });
});
