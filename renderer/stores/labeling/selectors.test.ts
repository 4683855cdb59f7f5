import { describe, expect, it } from 'vitest';
import { agreementReport } from './__fixtures__/fake-labels-server';
import { PAGE_SIZE } from './initial-state';
import { countsAfter, pagesNeeded, prunePages, withItemLabel } from './queue-pages';
import { describeOrder, formatStat, isVerdictHidden, trustHeadline, trustWarnings } from './selectors';

const counts = {
  labelled: 2,
  by_label: { pass: 1, fail: 1, unsure: 0, skip: 0, simulator_error: 0 },
  gold: 2,
  conflicts: 2,
  disagreements: 1,
  unsure: 3,
  cells: 7,
};
const item = (ordinal: number) => ({ row_id: `r:${ordinal}`, ordinal, position: ordinal, label: null, judge: null });

describe('queue pages', () => {
  it('counts a first label, a changed label and a rollback', () => {
    expect(countsAfter(counts, null, 'pass')).toMatchObject({ labelled: 3, by_label: { pass: 2 } });
    expect(countsAfter(counts, 'pass', 'fail')).toMatchObject({ labelled: 2, by_label: { pass: 0, fail: 2 } });
    expect(countsAfter(countsAfter(counts, null, 'skip'), 'skip', null)).toEqual(counts);
  });

  it('reads the neighbouring page near an edge, and only within the queue', () => {
    expect(pagesNeeded(0, 1000)).toEqual([0]);
    expect(pagesNeeded(PAGE_SIZE - 1, 1000)).toEqual([0, 1]);
    expect(pagesNeeded(PAGE_SIZE, 1000)).toEqual([1, 0]);
    expect(pagesNeeded(PAGE_SIZE - 1, PAGE_SIZE)).toEqual([0]);
    expect(pagesNeeded(0, 0)).toEqual([]);
  });

  it('keeps a few pages around the position and replaces one row’s label', () => {
    const pages = Object.fromEntries([0, 1, 2, 3, 10].map((page) => [page, [item(page * PAGE_SIZE)]]));
    expect(Object.keys(prunePages(pages, PAGE_SIZE * 10 + 5))).toEqual(['10']);
    expect(Object.keys(prunePages(pages, 0))).toEqual(['0', '1', '2']);
    const labelled = withItemLabel(pages, `r:${PAGE_SIZE}`, 'fail');
    expect(labelled[1]![0]!.label).toBe('fail');
    expect(labelled[0]).toBe(pages[0]);
  });
});

describe('labeling selectors', () => {
  it('hides the judge in blind mode until the person has labelled the row', () => {
    expect(isVerdictHidden(true, item(0))).toBe(true);
    expect(isVerdictHidden(true, { ...item(0), label: 'skip' })).toBe(false);
    expect(isVerdictHidden(false, item(0))).toBe(false);
  });

  it('names each order with how many rows it puts first', () => {
    expect(describeOrder('disagreements', counts)).toBe('Disagreements first (1)');
    expect(describeOrder('unsure', counts)).toBe('Judge unsure first (3)');
    expect(describeOrder('stratified', counts)).toBe('Stratified across cells (7)');
    expect(describeOrder('conflicts', counts)).toBe('Conflicts first (2)');
    expect(describeOrder('generated', null)).toBe('As generated');
  });

  it('says unmeasured rather than a number, and how many labels are missing', () => {
    expect(trustHeadline(agreementReport(0))).toEqual({
      tone: 'unmeasured',
      title: 'Unmeasured',
      detail: 'No gold labels yet. Label 50 more to reach 50.',
    });
    expect(trustHeadline(agreementReport(12))).toEqual({ tone: 'warn', title: 'Not trusted yet', detail: 'Label 38 more to reach 50.' });
    expect(trustHeadline(agreementReport(4, false)).title).toBe('Unmeasured: no judge has graded this run');
    const trusted = agreementReport(60);
    trusted.judge_trust.ok = true;
    expect(trustHeadline(trusted)).toEqual({ tone: 'ok', title: 'Trusted', detail: null });
  });

  it('lists each warning once and formats statistics like the CLI', () => {
    const report = agreementReport(0);
    report.warnings = [report.judge_trust.warnings[0]!, 'another'];
    expect(trustWarnings(report)).toEqual([report.judge_trust.warnings[0], 'another']);
    expect(formatStat(0.5)).toBe('0.5000');
    expect(formatStat(null)).toBe('—');
  });

  it('says once that no judge has graded the run: in the headline, not again among the warnings', () => {
    const report = agreementReport(0, false);
    report.warnings = ['No judge has graded this run yet: grade it, then the judge is measured against these labels.'];
    expect(trustHeadline(report)).toMatchObject({
      title: 'Unmeasured: no judge has graded this run',
      detail: 'Grade the run, then its judge is measured against your labels.',
    });
    expect(trustWarnings(report)).toEqual(['unmeasured: no row has a gold label; label 50 rows by hand to measure the judge']);
    // With a judge, the same words (should a report carry them) are not the headline's, so they stay.
    const judged = agreementReport(4);
    judged.warnings = [report.warnings[0]!];
    expect(trustWarnings(judged)).toEqual(judged.warnings);
  });
});
