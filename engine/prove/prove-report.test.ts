import { describe, expect, it } from 'vitest';
import { proveReport, type ProveRecord } from './prove-report';

/** One record per task id in `ids`; tasks listed in `passing` pass. */
function run(category: string, ids: readonly string[], passing: readonly string[], evalRun: string | null = null): ProveRecord[] {
  return ids.map((task_id) => ({ task_id, category, pass: passing.includes(task_id) ? 1 : 0, eval_run: evalRun }));
}

function names(prefix: string, count: number, start = 0): string[] {
  return Array.from({ length: count }, (_, index) => `${prefix}${index + start}`);
}

const refunds = names('r', 20);
const billing = names('b', 6);

describe('proveReport', () => {
  it('reads PASS when the interval clears 0 and the gain clears eval noise', () => {
    // Before: r0..r7 pass in run 1, r0..r7 and r19 in run 2. After: r0..r13 pass in both runs.
    const before = [
      ...run('refunds', refunds, names('r', 8), '1'),
      ...run('refunds', refunds, [...names('r', 8), 'r19'], '2'),
      ...run('billing', billing, ['b0', 'b1', 'b2'], '1'),
      ...run('billing', billing, ['b0', 'b1', 'b2'], '2'),
    ];
    const after = [
      ...run('refunds', refunds, names('r', 14), '1'),
      ...run('refunds', refunds, names('r', 14), '2'),
      ...run('billing', billing, ['b0', 'b1', 'b2'], '1'),
      ...run('billing', billing, ['b0', 'b1', 'b2'], '2'),
    ];
    const report = proveReport(before, after);
    const [billingLine, refundsLine] = report.categories;
    // Per-task differences: six +1, r19 -0.5, thirteen 0 -> 5.5 / 20.
    expect(refundsLine).toMatchObject({
      category: 'refunds',
      n_tasks: 20,
      before: 0.425,
      after: 0.7,
      delta: 0.275,
      headline: 'PASS',
      paired: true,
      low_n: false,
    });
    expect(refundsLine?.ci_low).toBeGreaterThan(0);
    expect(refundsLine?.ci_low).toBeLessThanOrEqual(0.275);
    expect(refundsLine?.ci_high).toBeGreaterThanOrEqual(0.275);
    expect(refundsLine?.p_value).toBeLessThan(0.05);
    // Run pass@1 0.40 / 0.45 before, 0.70 / 0.70 after: pooled sd 0.025, t(2) = 4.303.
    expect(refundsLine?.noise_band).toBeCloseTo(0.1076, 3);
    expect(billingLine).toMatchObject({ category: 'billing', n_tasks: 6, delta: 0, p_value: 1, headline: 'NO DIFFERENCE' });
    expect(report.overall).toMatchObject({ category: 'overall', n_tasks: 26, headline: 'PASS' });
    expect(report.overall.delta).toBeCloseTo(5.5 / 26, 4);
    expect(report.warnings).toEqual([]);
    expect(report.min_category_tasks).toBe(6);
    expect(report.holdout_size).toMatchObject({ sd_source: 'rows', n_paired: 26, effect: 0.05 });
    expect(report.detectable_effect).toBeGreaterThan(0);
  });

  it('calls a gain with one eval run a side INCONCLUSIVE, never PASS', () => {
    const report = proveReport(run('refunds', refunds, names('r', 8)), run('refunds', refunds, names('r', 14)));
    expect(report.overall.ci_low).toBeGreaterThan(0);
    expect(report.overall.headline).toBe('INCONCLUSIVE (1 eval run a side, rerun to confirm)');
    expect(report.categories[0]?.headline).toBe('INCONCLUSIVE (1 eval run a side, rerun to confirm)');
    expect(report.warnings).toContain(
      'one eval run a side: eval noise is unmeasured, so a gain reads INCONCLUSIVE; rerun both sides (eval_run set) to confirm',
    );
  });

  it('reads FAIL when the interval is wholly below 0', () => {
    const report = proveReport(run('refunds', refunds, names('r', 14)), run('refunds', refunds, names('r', 8)));
    expect(report.overall.ci_high).toBeLessThan(0);
    expect(report.overall.headline).toBe('FAIL');
  });

  it('refuses to call a gain inside the eval-noise band a gain', () => {
    const before = [...run('refunds', refunds, names('r', 4), '1'), ...run('refunds', refunds, names('r', 16), '2')];
    const after = [...run('refunds', refunds, names('r', 16), '1'), ...run('refunds', refunds, names('r', 16), '2')];
    const report = proveReport(before, after);
    expect(report.overall.delta).toBe(0.3);
    expect(report.overall.ci_low).toBeGreaterThan(0);
    expect(report.overall.noise_band).toBeGreaterThan(0.3);
    expect(report.overall.headline).toBe('NO DIFFERENCE');
  });

  it('calls mostly unpaired task sets NOT COMPARABLE', () => {
    const shared = names('s', 6);
    const before = run('refunds', [...shared, ...names('x', 7)], []);
    const after = run('refunds', shared, shared);
    const report = proveReport(before, after);
    expect(report.overall.headline).toBe('NOT COMPARABLE (situations)');
    expect(report.warnings).toContain('overall: most tasks unpaired: only 6 of 13 tasks ran on both sides');
  });

  it('marks small categories low n and gives INSUFFICIENT DATA where nothing can be tested', () => {
    const before = [...run('refunds', refunds, names('r', 8)), ...run('tiny', ['t1', 't2'], [])];
    const after = [...run('refunds', refunds, names('r', 8)), ...run('tiny', ['t1', 't2'], ['t1'])];
    const report = proveReport(before, after);
    const tiny = report.categories.find((line) => line.category === 'tiny');
    expect(tiny).toMatchObject({
      n_tasks: 2,
      before: 0,
      after: 0.5,
      delta: 0.5,
      ci_low: null,
      ci_high: null,
      p_value: null,
      headline: 'INSUFFICIENT DATA',
      low_n: true,
    });
    expect(report.warnings).toContain('low n: tiny (2) have fewer than 6 paired tasks, too few for any result to reach p < 0.05');
  });

  it('counts a task under the first category it names and says so', () => {
    const before = run('refunds', names('r', 6), []);
    const after = [...run('refunds', names('r', 5), []), ...run('billing', ['r5'], [])];
    const report = proveReport(before, after);
    expect(report.categories.map((line) => line.category)).toEqual(['refunds']);
    expect(report.warnings[0]).toBe('1 tasks carry more than one category (r5): each is counted under the first it names');
  });

  it('warns about the family error from four categories on', () => {
    const categories = ['a', 'b', 'c', 'd'];
    const records = categories.flatMap((category) => run(category, names(category, 6), []));
    const report = proveReport(records, records);
    expect(report.warnings).toContain('4 categories: the chance that at least one moves by luck alone is up to 0.1855');
  });

  it('warns when there is nothing on a side and stays defined', () => {
    const report = proveReport([], run('refunds', refunds, []));
    expect(report.warnings.slice(0, 1)).toEqual(['no before records: nothing to compare against']);
    expect(report.overall).toMatchObject({ headline: 'INSUFFICIENT DATA', before: null, delta: null });
  });

  it('gives the same report for the same seed', () => {
    const before = run('refunds', refunds, names('r', 9));
    const after = run('refunds', refunds, names('r', 3, 5));
    expect(proveReport(before, after, { seed: 11 })).toEqual(proveReport(before, after, { seed: 11 }));
  });
});
