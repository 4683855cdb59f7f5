import { describe, expect, it } from 'vitest';
import type { Verdict } from './confusion';
import { halfOf } from './fnv1a';
import { judgeTrust, labelsNeeded, type TrustPair } from './judge-trust';

let counter = 0;
function pairs(count: number, judge: Verdict | null, gold: Verdict | null, extra: Partial<TrustPair> = {}): TrustPair[] {
  return Array.from({ length: count }, () => {
    counter += 1;
    return { id: `task-${counter}`, judge, gold, gold_kind: 'human', author: 'ana', ...extra };
  });
}

describe('judgeTrust', () => {
  it('trusts a judge that clears every floor on human gold', () => {
    const result = judgeTrust([...pairs(28, 1, 1), ...pairs(28, 0, 0), ...pairs(1, 1, 0), ...pairs(1, 0, 1)]);
    expect(result.agreement.n).toBe(58);
    expect(result.agreement.agreement).toBe(0.9655);
    expect(result.agreement.ci95.lo).toBeGreaterThanOrEqual(0.8);
    expect(result.agreement.kappa).toBe(0.931);
    expect(result).toMatchObject({
      ok: true,
      unmeasured: false,
      gold_kind: 'human',
      n_labeled: 58,
      n_rows: 58,
      floors: { min_agreement: 0.8, min_kappa: 0.6, max_skipped_share: 0.1 },
      skipped: { n: 0, share: 0 },
      labels_needed: 0,
    });
    expect(result.warnings).toEqual([]);
  });

  it('is unmeasured with no labels, and says how many to label', () => {
    const result = judgeTrust(pairs(12, 1, null));
    expect(result.ok).toBe(false);
    expect(result.unmeasured).toBe(true);
    expect(result.n_labeled).toBe(0);
    expect(result.skipped.share).toBeNull();
    expect(result.labels_needed).toBe(50);
    expect(result.warnings[0]).toBe('Unmeasured: no row has a gold label; label 50 rows by hand to measure the judge.');
  });

  it('is unmeasured when no gold label has an author', () => {
    const result = judgeTrust([...pairs(30, 1, 1, { author: null }), ...pairs(30, 0, 0, { author: null })]);
    expect(result.unmeasured).toBe(true);
    expect(result.ok).toBe(false);
    expect(result.labels_needed).toBe(50);
  });

  it('needs 16 perfect labels to clear the Wilson floor: 15 do not', () => {
    const fifteen = judgeTrust([...pairs(8, 1, 1), ...pairs(7, 0, 0)]);
    expect(fifteen.agreement.agreement).toBe(1);
    expect(fifteen.ok).toBe(false);
    expect(fifteen.warnings.some((warning) => warning.includes('Wilson lower bound of 0.7961'))).toBe(true);
    const sixteen = judgeTrust([...pairs(8, 1, 1), ...pairs(8, 0, 0)]);
    expect(sixteen.ok).toBe(true);
    expect(sixteen.labels_needed).toBe(34);
  });

  it('fails the kappa floor even when agreement is high (the kappa paradox)', () => {
    const result = judgeTrust([...pairs(95, 1, 1), ...pairs(3, 1, 0), ...pairs(2, 0, 1)]);
    expect(result.agreement.agreement).toBe(0.95);
    expect(result.agreement.kappa).toBeLessThan(0.6);
    expect(result.ok).toBe(false);
    expect(result.warnings.some((warning) => warning.startsWith('Kappa '))).toBe(true);
  });

  it('fails when the judge left too many labelled rows ungraded', () => {
    const result = judgeTrust([...pairs(30, 1, 1), ...pairs(30, 0, 0), ...pairs(8, null, 1)]);
    expect(result.skipped).toEqual({ n: 8, share: 0.1176 });
    expect(result.ok).toBe(false);
  });

  it('splits agreement into two halves by the task id hash', () => {
    const input = [...pairs(40, 1, 1), ...pairs(40, 0, 0)];
    const [first, second] = judgeTrust(input).held_out_halves;
    expect(first.n + second.n).toBe(80);
    expect(first.n).toBe(input.filter((pair) => halfOf(pair.id) === 0).length);
    expect(first.agreement).toBe(1);
    expect(second.agreement).toBe(1);
  });
});

describe('labelsNeeded', () => {
  it('counts up to MIN_GOLD and stops at 0', () => {
    expect(labelsNeeded(0)).toBe(50);
    expect(labelsNeeded(38)).toBe(12);
    expect(labelsNeeded(80)).toBe(0);
  });
});
