import Database from 'better-sqlite3';
import fc from 'fast-check';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabelValue } from '../../../shared/domain';
import { DATABASE_FILE } from '../../store/database';
import { forgetTableMemo } from '../../store/store-memo';
import { forgetRunLabels } from './agreement-memo';
import { agreementExport, agreementReport, type AgreementRequest } from './agreement-service';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { labelQueue, setAnnotatorName, setLabel } from '../labels/labels-service';
import { referenceAgreementExport, referenceAgreementReport } from '../../test-support/agreement-reference';
import { storeCraftedRun, storeJudgeGrades } from '../../test-support/grading-run';

/*
 * agreement.get keeps what it reads over the whole run per version of the tables it reads (agreement-memo): after any
 * sequence of grades, labels (from this connection or another one, as the CLI writes them) and reads, its answer is
 * the one the unmemoised implementation (__fixtures__/agreement-reference) computes from the store now.
 */

const JUDGES = [
  ['alpha', 'v1'],
  ['alpha', 'alpha@v1'],
  ['beta', '1'],
] as const;

type Step =
  | { kind: 'grade'; row: number; judge: number; reward: number | null; unsure: boolean }
  | { kind: 'label'; row: number; value: LabelValue; author: string | null; isElsewhere: boolean }
  | { kind: 'edit' }
  | { kind: 'read'; request: AgreementRequest };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('grade' as const),
    row: fc.nat(),
    judge: fc.integer({ min: 0, max: JUDGES.length - 1 }),
    reward: fc.constantFrom(null, 0, 0.45, 0.5, 1),
    unsure: fc.boolean(),
  }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('label' as const),
      row: fc.nat(),
      value: fc.constantFrom<LabelValue>('pass', 'fail', 'fail', 'unsure', 'skip', 'simulator_error'),
      author: fc.constantFrom('ann', 'bob', null),
      isElsewhere: fc.boolean(),
    }),
  },
  // A label changed in place by another process: the kept labels are read again whole.
  fc.constant({ kind: 'edit' as const }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('read' as const),
      request: fc.oneof(fc.constant({}), fc.constant({}), fc.record({ judge_name: fc.constantFrom('alpha', 'beta', 'alpha@v1') })),
    }),
  },
);

let context: AppContext;
let elsewhere: Database.Database;
let runs = 0;
beforeAll(() => {
  const dataDir = mkdtempSync(join(tmpdir(), 'while-agreement-memo-property-'));
  context = createAppContext({ dataDir, mode: 'browser' });
  elsewhere = new Database(join(dataDir, DATABASE_FILE));
});
afterAll(async () => {
  elsewhere.close();
  await closeAppContext(context);
});

function outcome<T>(call: () => T): { value: T } | { error: string } {
  try {
    return { value: call() };
  } catch (error) {
    return { error: String(error) };
  }
}

const NOW = '2026-11-01T00:00:00.000Z';

describe('agreement.get kept per table version', () => {
  it('equals the unmemoised report after any sequence of grades, labels (here and from another connection) and reads', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.array(step, { minLength: 1, maxLength: 16 }), (rows, steps) => {
        const runId = `run_${(runs += 1)}`;
        const ids = storeCraftedRun(context.db, runId, rows);
        for (const next of [...steps, { kind: 'read' as const, request: {} }]) {
          switch (next.kind) {
            case 'grade': {
              const [name, version] = JUDGES[next.judge]!;
              storeJudgeGrades(context.db, [ids[next.row % rows]!], name, version, [next.reward], [next.unsure]);
              break;
            }
            case 'label':
              if (next.isElsewhere) {
                elsewhere
                  .prepare(
                    "INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at) VALUES (?, ?, ?, 'human', ?, NULL, ?)",
                  )
                  .run(ids[next.row % rows]!, runId, next.value, next.author, NOW);
              } else {
                setAnnotatorName(context, next.author);
                setLabel(context, ids[next.row % rows]!, { label: next.value, kind: 'human' });
              }
              break;
            case 'edit':
              elsewhere
                .prepare(
                  "UPDATE labels SET label = CASE label WHEN 'pass' THEN 'fail' ELSE 'pass' END WHERE id = (SELECT MAX(id) FROM labels " +
                    'WHERE run_id = ?)',
                )
                .run(runId);
              break;
            case 'read': {
              const kept = outcome(() => agreementReport(context, runId, next.request));
              expect(kept).toStrictEqual(outcome(() => referenceAgreementReport(context, runId, next.request)));
              expect(outcome(() => agreementExport(context, runId, next.request))).toStrictEqual(
                outcome(() => referenceAgreementExport(context, runId, next.request)),
              );
              forgetTableMemo(context.db);
              forgetRunLabels(context.db);
              expect(outcome(() => agreementReport(context, runId, next.request))).toStrictEqual(kept);
              break;
            }
            default: {
              const unknown: never = next;
              throw new Error(`unknown step ${String(unknown)}`);
            }
          }
        }
      }),
      { numRuns: 80 },
    );
  });

  it('shows a label at once: n gold, the agreement and the queue counts move with the label just given', () => {
    const runId = `run_${(runs += 1)}`;
    const ids = storeCraftedRun(context.db, runId, 6);
    storeJudgeGrades(context.db, ids, 'alpha', 'v1', [1, 0, 1, 0, 1, 0], [false, false, false, false, false, false]);
    setAnnotatorName(context, 'ann');
    setLabel(context, ids[0]!, { label: 'pass', kind: 'human' });
    const queue = () => labelQueue(context, runId, { order: 'generated', blind: false, offset: 0, limit: 10 });
    const before = { report: agreementReport(context, runId), queue: queue() };
    expect(before.report.n_gold).toBe(1);
    setLabel(context, ids[1]!, { label: 'pass', kind: 'human' });
    const after = { report: agreementReport(context, runId), queue: queue() };
    expect(after.report.n_gold).toBe(2);
    expect(after.report.judge_agreement.confusion).toMatchObject({ tp: 1, fn: 1 });
    expect(after.queue.counts).toMatchObject({ labelled: 2, gold: 2, disagreements: 1 });
    expect(after.queue.items[1]!.label).toBe('pass');
    // A simulator error leaves the row out of every number at once.
    setLabel(context, ids[1]!, { label: 'simulator_error', kind: 'human' });
    const excluded = agreementReport(context, runId);
    expect(excluded).toMatchObject({ n_gold: 1, n_excluded: 1, n_rows: 5 });
    expect(excluded.judges.find((judge) => judge.judge_key === 'alpha@v1')?.n_graded).toBe(5);
  });
});
