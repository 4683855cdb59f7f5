import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fleissKappa, humanAgreement, judgeAgreement, type Verdict } from '../../engine/index';
import { fourPlaces, referenceCohenKappa, referenceFleissKappa } from './kappa-reference';

describe('the kappa references', () => {
  it("give Cohen's kappa of a worked example: 50 items, 20 both yes, 15 both no, 5 and 10 split: 0.4", () => {
    const first = [
      ...Array<string>(20).fill('yes'),
      ...Array<string>(5).fill('yes'),
      ...Array<string>(10).fill('no'),
      ...Array<string>(15).fill('no'),
    ];
    const second = [
      ...Array<string>(20).fill('yes'),
      ...Array<string>(5).fill('no'),
      ...Array<string>(10).fill('yes'),
      ...Array<string>(15).fill('no'),
    ];
    expect(fourPlaces(referenceCohenKappa(first, second))).toBe(0.4);
  });

  it("give Fleiss' kappa of the worked example (10 items, 14 raters, 5 categories): P-bar 0.378, P-e 0.213, kappa 0.210", () => {
    const table = [
      [0, 0, 0, 0, 14],
      [0, 2, 6, 4, 2],
      [0, 0, 3, 5, 6],
      [0, 3, 9, 2, 0],
      [2, 2, 8, 1, 1],
      [7, 7, 0, 0, 0],
      [3, 2, 6, 3, 0],
      [2, 5, 3, 2, 2],
      [6, 5, 2, 1, 0],
      [0, 2, 2, 3, 7],
    ];
    const result = referenceFleissKappa(table);
    expect(result.observed.toFixed(3)).toBe('0.378');
    expect(result.chance.toFixed(3)).toBe('0.213');
    expect(result.kappa.toFixed(3)).toBe('0.210');
  });
});

const verdicts = (length: number) => fc.array(fc.constantFrom<Verdict>(0, 1), { minLength: length, maxLength: length });
const ratedPairs = fc.integer({ min: 2, max: 80 }).chain((n) => fc.tuple(verdicts(n), verdicts(n)));

describe('the engine’s kappas against the references', () => {
  it("judge_agreement's kappa is Cohen's wherever it is defined, and undefined exactly where the gold is one class", () => {
    fc.assert(
      fc.property(ratedPairs, ([judge, gold]) => {
        const measured = judgeAgreement(
          judge.map((verdict, index) => ({ judge: verdict, gold: gold[index]!, gold_kind: 'human', author: 'ana' })),
        );
        const reference = referenceCohenKappa(judge, gold);
        const isGoldOneClass = new Set(gold).size === 1;
        expect(measured.kappa_defined).toBe(!isGoldOneClass);
        if (measured.kappa_defined) expect(measured.kappa).toBe(fourPlaces(reference));
      }),
      { numRuns: 300, seed: 22 },
    );
  });

  it("human-human kappa is Cohen's on the rows both labelled, undefined where either person used one class", () => {
    fc.assert(
      fc.property(ratedPairs, ([ana, bo]) => {
        const labels = [
          ...ana.map((label, index) => ({ id: `r${index}`, author: 'ana', label })),
          ...bo.map((label, index) => ({ id: `r${index}`, author: 'bo', label })),
        ];
        const measured = humanAgreement(labels, ['ana', 'bo']);
        const isDefined = new Set(ana).size === 2 && new Set(bo).size === 2;
        expect(measured.kappa_defined).toBe(isDefined);
        if (isDefined) expect(measured.kappa).toBe(fourPlaces(referenceCohenKappa(ana, bo)));
      }),
      { numRuns: 300, seed: 22 },
    );
  });

  it("fleissKappa is Fleiss' for any number of raters on every row, undefined where every rating is one class", () => {
    const table = fc.integer({ min: 2, max: 7 }).chain((raters) =>
      fc.array(
        fc.integer({ min: 0, max: raters }).map((pass) => ({ pass, fail: raters - pass })),
        { minLength: 2, maxLength: 60 },
      ),
    );
    fc.assert(
      fc.property(table, (rows) => {
        const measured = fleissKappa(rows);
        const reference = referenceFleissKappa(rows.map((row) => [row.pass, row.fail]));
        const passes = rows.reduce((sum, row) => sum + row.pass, 0);
        const isOneClass = passes === 0 || rows.every((row) => row.fail === 0);
        expect(measured.kappa_defined).toBe(!isOneClass);
        if (!isOneClass) {
          expect(measured.kappa).toBe(fourPlaces(reference.kappa));
          expect(measured.agreement).toBe(fourPlaces(reference.observed));
        }
      }),
      { numRuns: 300, seed: 22 },
    );
  });
});
