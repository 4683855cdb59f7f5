import fc from 'fast-check';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Grade, Label, LabelKind, LabelValue } from '../../../shared/domain';
import { latestGradeSpans } from '../../store/grades/agreement-reads-repository';
import { insertGrades } from '../../store/grades/grades-repository';
import { judgeTotals } from '../../store/grades/judge-totals-repository';
import { insertLabels } from '../../store/labels/labels-repository';
import { agreementExport, agreementReport, type AgreementRequest } from './agreement-service';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { storeCraftedRun } from '../../test-support/grading-run';
import { referenceAgreementExport, referenceAgreementReport } from '../../test-support/agreement-reference';

/*
 * The fast agreement service against the one it replaced (kept verbatim in __fixtures__/agreement-reference): random
 * runs with random labels and grades, every output compared whole, down to the JSON text.
 */

/** Judges by name and version, including pairs that spell one judge key (alpha@v1 twice, beta twice). */
const JUDGES: ReadonlyArray<readonly [string, string | null]> = [
  ['alpha', 'v1'],
  ['alpha', 'alpha@v1'],
  ['beta', null],
  ['beta', ''],
  ['gamma', 'v2'],
  ['conduct', '1'],
];

interface Plan {
  rows: number;
  grades: Array<{ row: number; judge: number; reward: number | null; unsure: boolean }>;
  labels: Array<{ row: number; value: LabelValue; kind: LabelKind; author: string | null }>;
  requests: AgreementRequest[];
}

const plan: fc.Arbitrary<Plan> = fc.record({
  rows: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 14 }) }, { weight: 1, arbitrary: fc.integer({ min: 15, max: 60 }) }),
  grades: fc.array(
    fc.record({
      row: fc.nat(),
      // Most grades come from two judges, so their spans are long and often cut by a simulator error.
      judge: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(0, 4) },
        { weight: 2, arbitrary: fc.integer({ min: 0, max: JUDGES.length - 1 }) },
      ),
      reward: fc.constantFrom(null, 0, 0.2, 0.49, 0.5, 0.7, 1),
      unsure: fc.boolean(),
    }),
    { maxLength: 90 },
  ),
  labels: fc.array(
    fc.record({
      row: fc.nat(),
      value: fc.constantFrom<LabelValue>('pass', 'pass', 'fail', 'fail', 'unsure', 'skip', 'simulator_error'),
      kind: fc.constantFrom<LabelKind>('human', 'human', 'human', 'program', 'model'),
      author: fc.constantFrom('ann', 'bob', 'cy', null),
    }),
    { maxLength: 50 },
  ),
  requests: fc.array(
    fc.oneof(
      fc.constant({}),
      fc.record({ judge_name: fc.constantFrom('alpha', 'beta', 'gamma', 'conduct', 'alpha@v1', 'gamma@v2', 'nobody') }),
      fc.record({ judge_name: fc.constantFrom('alpha', 'beta', 'gamma'), version: fc.constantFrom('v1', 'v2', 'alpha@v1', '1') }),
    ),
    { minLength: 1, maxLength: 3 },
  ),
});

let context: AppContext;
let runs = 0;
beforeAll(() => {
  context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-agreement-property-')), mode: 'browser' });
});
afterAll(async () => {
  await closeAppContext(context);
});

const NOW = '2026-11-01T00:00:00.000Z';

/** Stores the plan as a new run: grades and labels in the plan's order, so later ones supersede earlier ones. */
function storePlan(db: AppContext['db'], input: Plan): string {
  const runId = `run_${(runs += 1)}`;
  const ids = storeCraftedRun(db, runId, input.rows);
  if (ids.length === 0) return runId;
  const grades: Grade[] = input.grades.map(({ row, judge, reward, unsure }) => {
    const [name, version] = JUDGES[judge]!;
    return {
      row_id: ids[row % ids.length]!,
      reward,
      reason: reward === null ? 'judge error' : 'graded',
      judge_status: reward === null ? 'error' : 'ok',
      label_source: 'custom',
      failure_class: null,
      unsure,
      span: null,
      judge_meta: {},
      provenance: { judge: name, model: null, rubric_hash: null, settings: {}, version },
      created_at: NOW,
    };
  });
  insertGrades(db, grades);
  const labels: Label[] = input.labels.map(({ row, value, kind, author }) => ({
    row_id: ids[row % ids.length]!,
    label: value,
    kind,
    author,
    note: null,
    created_at: NOW,
  }));
  insertLabels(db, labels);
  return runId;
}

/** The call's result, or the error it threw (a missing judge is NOT_FOUND in both). */
function outcome<T>(call: () => T): { value: T } | { error: string } {
  try {
    return { value: call() };
  } catch (error) {
    return { error: String(error) };
  }
}

describe('agreement.get and agreement.export against the implementation they replaced', () => {
  it(
    'return the same output on random runs: labels of several authors and kinds, simulator errors, unsigned gold, judges that erred or ' +
      'were unsure',
    () => {
      fc.assert(
        fc.property(plan, (input) => {
          const runId = storePlan(context.db, input);
          for (const request of input.requests) {
            const report = outcome(() => agreementReport(context, runId, request));
            const reference = outcome(() => referenceAgreementReport(context, runId, request));
            expect(report).toStrictEqual(reference);
            expect(JSON.stringify(report)).toBe(JSON.stringify(reference));
            expect(outcome(() => agreementExport(context, runId, request))).toStrictEqual(
              outcome(() => referenceAgreementExport(context, runId, request)),
            );
          }
        }),
        { numRuns: 150 },
      );
    },
  );

  it('reads each judge, its rows graded and its first and last grade exactly as judgeTotals totals them', () => {
    fc.assert(
      fc.property(plan, (input) => {
        const runId = storePlan(context.db, input);
        const totals = judgeTotals(context.db, runId).map(({ judge_name, version, n_graded, first_id, last_id }) => ({
          judge_name,
          version,
          n_graded,
          first_id,
          last_id,
        }));
        expect(latestGradeSpans(context.db, runId)).toStrictEqual(totals);
      }),
      { numRuns: 100 },
    );
  });
});
