import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { judgeAgreement, parseAgreementFile, wilson } from '../../../engine/index';
import type { LabelValue } from '../../../shared/domain';
import { dispatch } from '../../api/dispatch';
import { insertLabels } from '../../store/labels/labels-repository';
import { agreementExport, agreementReport } from './agreement-service';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { gradesSummary } from './grading-service';
import { storeCraftedRun, storeJudgeGrades } from '../../test-support/grading-run';

let context: AppContext | undefined;
afterEach(async () => {
  if (context) await closeAppContext(context);
  context = undefined;
});

function newContext(): AppContext {
  context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-agreement-')), mode: 'browser' });
  return context;
}

let tick = 0;
function label(db: AppContext['db'], rowId: string, value: LabelValue, author: string | null, kind: 'human' | 'model' = 'human'): void {
  insertLabels(db, [
    { row_id: rowId, label: value, kind, author, note: null, created_at: `2026-11-01T10:00:${String(tick++ % 60).padStart(2, '0')}.000Z` },
  ]);
}

/**
 * Ten rows, two judges, two people. Worked by hand below:
 *   row        0  1  2  3  4  5  6  7  8       9
 *   judge-a    P  P  P  P  P  F  F  F  P       -   (row 9: the judge erred)
 *   judge-b    P  P  P  F  F  F  F  P  P       P
 *   ann        P  P  P  F* F  F  F  P  unsure  P   (*first pass, then fail: her latest counts)
 *   bob        P  F  P  F  .  F  .  .  .       simulator_error
 *   gold       P  -  P  F  F  F  F  P  -       (left out)
 */
function storeCrafted(db: AppContext['db']): string[] {
  const ids = storeCraftedRun(db, 'run_gold', 10);
  storeJudgeGrades(db, ids, 'judge-a', 'v1', [1, 1, 1, 1, 1, 0, 0, 0, 1, null]);
  storeJudgeGrades(db, ids, 'judge-b', 'v2', [1, 1, 1, 0, 0, 0, 0, 1, 1, 1]);
  const ann: LabelValue[] = ['pass', 'pass', 'pass', 'pass', 'fail', 'fail', 'fail', 'pass', 'unsure', 'pass'];
  ann.forEach((value, index) => label(db, ids[index]!, value, 'ann'));
  label(db, ids[3]!, 'fail', 'ann');
  const bob: Array<[number, LabelValue]> = [
    [0, 'pass'],
    [1, 'fail'],
    [2, 'pass'],
    [3, 'fail'],
    [5, 'fail'],
    [9, 'simulator_error'],
  ];
  for (const [index, value] of bob) label(db, ids[index]!, value, 'bob');
  return ids;
}

describe('agreement on a labelled run', () => {
  it('equals the hand-worked numbers: judge against gold, trust, human-human, and judges compared', () => {
    const app = newContext();
    const ids = storeCrafted(app.db);
    const report = agreementReport(app, 'run_gold', { judge_name: 'judge-a' });
    // Row 1's annotators split (ann pass, bob fail): it waits for adjudication, with no gold.
    expect(report).toMatchObject({ n_rows: 9, n_excluded: 1, n_gold: 7, n_conflicts: 1, judge: { judge_key: 'judge-a@v1', n_graded: 9 } });
    expect(report.warnings).toContainEqual(expect.stringContaining('1 row is waiting for adjudication'));
    expect(report.warnings).toContain('1 row labelled simulator_error is left out of every number here.');

    // tp rows 0, 2; fp rows 3, 4; tn rows 5, 6; fn row 7; skipped rows 1 (tie) and 8 (unsure).
    // po = 4/7; pj = 4/7, pg = 3/7, pe = 24/49; kappa = (28 - 24) / (49 - 24) = 0.16.
    expect(report.judge_agreement).toMatchObject({
      n: 7,
      n_skipped: 2,
      n_unmeasured: 0,
      agreement: 0.5714,
      kappa: 0.16,
      confusion: { tp: 2, fp: 2, tn: 2, fn: 1 },
      pass_when_gold_fail: 0.5,
      fail_when_gold_pass: 0.3333,
      judge_pass_rate: 0.5714,
      gold_pass_rate: 0.4286,
      gold_kind: 'human',
      ok: true,
    });
    expect(report.judge_agreement.warnings).toContainEqual(expect.stringContaining('only 7 labelled pairs (MIN_GOLD is 50)'));
    expect(report.judge_agreement.warnings).toContainEqual(expect.stringContaining('judge passed 2 of 4 gold failures'));
    expect(report.judge_trust).toMatchObject({
      ok: false,
      unmeasured: false,
      n_labeled: 7,
      n_rows: 9,
      labels_needed: 43,
      skipped: { n: 0, share: 0 },
    });
    expect(report.judge_trust.agreement.ci95).toEqual(wilson(4, 7));
    expect(report.disagreements).toEqual([
      { row_id: ids[3], judge: 'pass', gold: 'fail' },
      { row_id: ids[4], judge: 'pass', gold: 'fail' },
      { row_id: ids[7], judge: 'fail', gold: 'pass' },
    ]);

    // ann vs bob on rows 0, 1, 2, 3, 5: ann P P P F F, bob P F P F F. po = 0.8, pe = 0.48, kappa = 0.32 / 0.52.
    expect(report.human_agreement).toEqual([
      {
        authors: ['ann', 'bob'],
        n: 5,
        n_only_first: 3,
        n_only_second: 0,
        agreement: 0.8,
        kappa: 0.6154,
        kappa_defined: true,
        kappa_undefined_reason: null,
        confusion: { tp: 2, fp: 1, tn: 2, fn: 0 },
        warnings: [],
      },
    ]);

    // judge-b agrees on all seven gold rows: kappa 1 ranks it first, though 7 rows cannot clear the floors.
    expect(report.compare_judges.scores.map((score) => [score.name, score.n, score.agreement, score.kappa, score.unjudged])).toEqual([
      ['judge-b@v2', 7, 1, 1, 0],
      ['judge-a@v1', 7, 0.5714, 0.16, 0],
    ]);
    expect(report.compare_judges).toMatchObject({ n_rows: 9, gold_kind: 'human', best: { name: 'judge-b@v2', ok: false } });
    expect(report.judges.map((judge) => judge.judge_key)).toEqual(['judge-a@v1', 'judge-b@v2']);
    // Without a name, the judge that graded the run last is measured.
    expect(agreementReport(app, 'run_gold').judge?.judge_key).toBe('judge-b@v2');

    const summary = gradesSummary(app, 'run_gold');
    expect(summary.judges[0]).toMatchObject({ judge_key: 'judge-a@v1', n_graded: 9, passes: 6, failures: 3, unjudged: 0 });
  });

  it('exports the pairs so `wai agreement` computes the same judge_agreement', async () => {
    const app = newContext();
    storeCrafted(app.db);
    const file = agreementExport(app, 'run_gold', { judge_name: 'judge-a', version: 'v1' });
    expect(file).toMatchObject({ filename: 'run_gold-agreement-judge-a_v1.jsonl', n: 9 });
    const parsed = parseAgreementFile(file.text);
    expect(parsed.errors).toEqual([]);
    expect(judgeAgreement(parsed.pairs)).toEqual(agreementReport(app, 'run_gold', { judge_name: 'judge-a@v1' }).judge_agreement);
    const viaApi = await dispatch(app, 'agreement.export', { run_id: 'run_gold', judge_name: 'judge-a' });
    expect(viaApi).toMatchObject({ ok: true, value: { text: file.text } });
    expect(await dispatch(app, 'agreement.get', { run_id: 'run_gold', judge_name: 'judge-z' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'No judge "judge-z" has graded run run_gold (graded: judge-a@v1, judge-b@v2).' },
    });
  });

  it('reports unsigned or model gold as not ok, and an unlabelled or ungraded run without NaN', async () => {
    const app = newContext();
    const ids = storeCraftedRun(app.db, 'run_unsigned', 4);
    const empty = await dispatch(app, 'agreement.get', { run_id: 'run_unsigned' });
    expect(empty).toMatchObject({
      ok: true,
      value: {
        judge: null,
        n_gold: 0,
        judge_agreement: { n: 0, n_skipped: 4, agreement: null, kappa: null, ok: false },
        judge_trust: { unmeasured: true, labels_needed: 50 },
        human_agreement: [],
        compare_judges: { scores: [], best: null },
      },
    });
    expect((empty as { value: { warnings: string[] } }).value.warnings).toContainEqual(
      expect.stringContaining('No judge has graded this run yet'),
    );

    storeJudgeGrades(app.db, ids, 'judge-a', 'v1', [1, 0, 1, 0]);
    ['pass', 'fail', 'fail', 'fail'].forEach((value, index) => label(app.db, ids[index]!, value as LabelValue, null));
    const unsigned = agreementReport(app, 'run_unsigned');
    expect(unsigned.judge_agreement).toMatchObject({ n: 4, n_unmeasured: 4, ok: false, agreement: 0.75 });
    expect(unsigned.judge_trust).toMatchObject({ unmeasured: true, labels_needed: 50 });

    label(app.db, ids[2]!, 'fail', 'robot', 'model');
    const mixed = agreementReport(app, 'run_unsigned');
    expect(mixed.warnings).toContainEqual(expect.stringContaining('1 rows have gold from labels of different kinds'));
    expect(mixed.judge_agreement.gold_kind).toBe('mixed');
  });
});
