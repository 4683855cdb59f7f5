import { describe, expect, it } from 'vitest';
import type { Verdict } from './confusion';
import { compareJudges, type JudgedPair } from './compare-judges';

function pairs(count: number, judge: Verdict | null, gold: Verdict, unsure = false): JudgedPair[] {
  return Array.from({ length: count }, () => ({ judge, gold, gold_kind: 'human', author: 'ana', unsure }));
}

const strong = [...pairs(29, 1, 1), ...pairs(29, 0, 0), ...pairs(1, 1, 0), ...pairs(1, 0, 1)];
const lenient = [...pairs(30, 1, 1), ...pairs(20, 0, 0), ...pairs(10, 1, 0)];
const flaky = [...pairs(25, 1, 1), ...pairs(15, 0, 0), ...pairs(10, 1, 0, true), ...pairs(5, null, 1), ...pairs(5, 0, 1)];

describe('compareJudges', () => {
  it('ranks by kappa then agreement and picks the first ok judge', () => {
    const result = compareJudges([
      { name: 'lenient', pairs: lenient },
      { name: 'flaky', pairs: flaky },
      { name: 'strong', pairs: strong },
    ]);
    expect(result.scores.map((score) => score.name)).toEqual(['strong', 'lenient', 'flaky']);
    expect(result.best?.name).toBe('strong');
    expect(result.n_rows).toBe(60);
    expect(result.gold_kind).toBe('human');
    expect(result.floors).toEqual({ min_agreement: 0.8, min_kappa: 0.6 });
    const [top, second, third] = result.scores;
    expect(top).toMatchObject({ n: 60, agreement: 0.9667, kappa: 0.9333, leak: 0.0333, miss: 0.0333, unsure: 0, unjudged: 0, ok: true });
    expect(second).toMatchObject({ leak: 0.3333, ok: false });
    expect(third).toMatchObject({ n: 55, unsure: 10, unjudged: 5 });
  });

  it('falls back to the top judge when none is ok, and says so', () => {
    const result = compareJudges([
      { name: 'flaky', pairs: flaky },
      { name: 'lenient', pairs: lenient },
    ]);
    expect(result.best?.name).toBe('lenient');
    expect(result.best?.ok).toBe(false);
    expect(result.warnings.at(-1)).toMatch(/^No judge clears the floors .*: label more rows or improve the judges\.$/);
  });

  it('puts judges with no measurable pairs last', () => {
    const result = compareJudges([
      { name: 'silent', pairs: pairs(60, null, 1) },
      { name: 'lenient', pairs: lenient },
    ]);
    expect(result.scores.map((score) => score.name)).toEqual(['lenient', 'silent']);
    expect(result.scores[1]).toMatchObject({ n: 0, kappa: null, agreement: null, ci95: { lo: 0, hi: 1 }, unjudged: 60 });
  });

  it('has no best with no judges', () => {
    const result = compareJudges([]);
    expect(result.best).toBeNull();
    expect(result.n_rows).toBe(0);
    expect(result.warnings).toEqual(['There are no judges to compare: give at least one judge.']);
  });
});
