import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AgreementReport } from '../../../shared/api/agreement';
import type { LabelValue } from '../../../shared/domain';
import { adjudicateRow } from '../labels/label-history-service';
import { setAnnotatorName, setLabel } from '../labels/labels-service';
import { agreementExport, agreementReport } from './agreement-service';
import type { AppContext } from '../app/app-context';
import { fourPlaces, referenceCohenKappa, referenceFleissKappa } from '../../test-support/kappa-reference';
import { storeCraftedRun, storeJudgeGrades } from '../../test-support/grading-run';
import { serviceTestContexts } from '../../test-support/service-test-context';

const newContext = serviceTestContexts('while-agreement-parity-');
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const ROWS = 24;

/** A judge that fails every third row. */
const JUDGE = Array.from({ length: ROWS }, (_, ordinal) => (ordinal % 3 === 0 ? 0 : 1));
/** Ana labels every row blind; she fails every third row and also row 4 and row 10. */
const ANA = JUDGE.map((reward, ordinal) => (reward === 0 || ordinal === 4 || ordinal === 10 ? 'fail' : 'pass'));
/** Bo labels the first 16 rows, seeing the judge; he disagrees with Ana on rows 4, 7 and 9. */
const BO = ANA.slice(0, 16).map((value, ordinal) => (ordinal === 4 ? 'pass' : ordinal === 7 ? 'fail' : ordinal === 9 ? 'pass' : value));
/** Cy labels rows 0 to 11 blind, agreeing with Ana but on row 2. */
const CY = ANA.slice(0, 12).map((value, ordinal) => (ordinal === 2 ? 'fail' : value));

function labelAs(app: AppContext, author: string, values: readonly string[], isBlind: boolean): void {
  setAnnotatorName(app, author);
  values.forEach((value, ordinal) => setLabel(app, `run_p:${ordinal}`, { label: value as LabelValue, kind: 'human', blind: isBlind }));
}

/** The figures `wai agreement --json` prints, side by side with the same figures of agreement.get. */
const FIGURES = ['n_gold', 'n_conflicts', 'blind_only', 'labels_made', 'human_agreement', 'fleiss', 'series', 'disagreements'] as const;

function appFigures(report: AgreementReport) {
  return {
    ...Object.fromEntries(FIGURES.map((key) => [key, report[key]])),
    judge_agreement: report.judge_agreement,
    judge_trust: report.judge_trust,
  };
}

function cliFigures(printed: Record<string, unknown>) {
  const { judge_trust, report_warnings: _warnings, ...rest } = printed;
  const judgeAgreement = Object.fromEntries(Object.entries(rest).filter(([key]) => !(FIGURES as readonly string[]).includes(key)));
  return {
    ...Object.fromEntries(FIGURES.map((key) => [key, rest[key]])),
    judge_agreement: judgeAgreement,
    judge_trust,
  };
}

/** `wai agreement` on the file the app exports, as a person runs it. */
function wai(file: string, ...flags: string[]): Record<string, unknown> {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'main/cli/wai.ts', 'agreement', file, '--json', ...flags], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

describe('wai agreement and the app on one run', () => {
  it(
    'agree on every figure with two annotators and then three, blind-only too, and kappa is the textbook one',
    { timeout: 120_000 },
    () => {
      const app = newContext();
      const ids = storeCraftedRun(app.db, 'run_p', ROWS);
      storeJudgeGrades(app.db, ids, 'third', 'v1', JUDGE);
      labelAs(app, 'ana', ANA, true);
      labelAs(app, 'bo', BO, false);
      // Row 4 is settled as fail; rows 7 and 9 wait.
      setAnnotatorName(app, 'ana');
      adjudicateRow(app, 'run_p:4', { label: 'fail', note: 'the amount was never confirmed' });

      const two = agreementReport(app, 'run_p');
      expect(two).toMatchObject({ n_gold: ROWS - 2, n_conflicts: 2, labels_made: { blind: ROWS, sighted: 16, unrecorded: 0 } });
      expect(two.fleiss).toBeNull();
      // Cohen's kappa of Ana and Bo on the 16 rows both labelled, from the textbook formula.
      expect(two.human_agreement).toHaveLength(1);
      expect(two.human_agreement[0]).toMatchObject({
        authors: ['ana', 'bo'],
        n: 16,
        kappa: fourPlaces(referenceCohenKappa(ANA.slice(0, 16), BO)),
      });
      // The judge against the gold: rows 7 and 9 have none; row 4 is its settlement (fail).
      const gold = ANA.map((value, ordinal) => (ordinal === 7 || ordinal === 9 ? null : value));
      const judged = JUDGE.map((reward) => (reward === 1 ? 'pass' : 'fail')).filter((_, ordinal) => gold[ordinal] !== null);
      expect(two.judge_agreement.kappa).toBe(
        fourPlaces(
          referenceCohenKappa(
            judged,
            gold.filter((value) => value !== null),
          ),
        ),
      );

      const dir = app.dataDir;
      const twoFile = join(dir, 'two.jsonl');
      writeFileSync(twoFile, agreementExport(app, 'run_p').text);
      expect(cliFigures(wai(twoFile))).toEqual(appFigures(two));
      expect(cliFigures(wai(twoFile, '--blind-only'))).toEqual(appFigures(agreementReport(app, 'run_p', { blind_only: true })));

      labelAs(app, 'cy', CY, true);
      const three = agreementReport(app, 'run_p');
      // Fleiss' kappa of the three on the 12 rows all labelled, from the textbook formula.
      const table = CY.map((value, ordinal) => {
        const passes = [ANA[ordinal], BO[ordinal], value].filter((label) => label === 'pass').length;
        return [passes, 3 - passes];
      });
      expect(three.fleiss).toMatchObject({ authors: ['ana', 'bo', 'cy'], n: 12, kappa: fourPlaces(referenceFleissKappa(table).kappa) });
      expect(three.human_agreement.map((pair) => pair.authors)).toEqual([
        ['ana', 'bo'],
        ['ana', 'cy'],
        ['bo', 'cy'],
      ]);
      // Row 2 is now a conflict too (Cy fails it): no majority makes gold.
      expect(three.n_conflicts).toBe(3);
      const threeFile = join(dir, 'three.jsonl');
      writeFileSync(threeFile, agreementExport(app, 'run_p').text);
      expect(cliFigures(wai(threeFile))).toEqual(appFigures(three));
      expect(cliFigures(wai(threeFile, '--blind-only'))).toEqual(appFigures(agreementReport(app, 'run_p', { blind_only: true })));
    },
  );
});
