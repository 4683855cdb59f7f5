import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabelQueueOrder } from '../../../shared/api/labels';
import type { LabelValue } from '../../../shared/domain';
import { gradingJudgeKeys } from '../../store/grades/judge-totals-repository';
import { queueCounts } from '../../store/labels/label-queue-counts-repository';
import { firstUnlabelled, queuePage } from '../../store/labels/label-queue-repository';
import { type QueueRequest } from '../../store/labels/label-queue-sql';
import { forgetStoreMemo, forgetTableMemo } from '../../store/store-memo';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { labelQueue, setAnnotatorName, setLabel, type QueueOptions } from './labels-service';
import { storeCraftedRun, storeJudgeGrades } from '../../test-support/grading-run';

const JUDGES = [
  ['alpha', 'v1'],
  ['alpha', 'v2'],
  ['beta', '1'],
] as const;

type Step =
  | { kind: 'grade'; row: number; judge: number; reward: number | null; unsure: boolean }
  | { kind: 'label'; row: number; value: LabelValue; author: string | null }
  | { kind: 'queue'; order: LabelQueueOrder; blind: boolean; offset: number; limit: number; judge: string | null };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('grade' as const),
    row: fc.nat(),
    judge: fc.integer({ min: 0, max: JUDGES.length - 1 }),
    reward: fc.constantFrom(null, 0, 0.45, 0.5, 1),
    unsure: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('label' as const),
    row: fc.nat(),
    value: fc.constantFrom<LabelValue>('pass', 'fail', 'fail', 'unsure', 'simulator_error'),
    author: fc.constantFrom('ann', 'bob', null),
  }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('queue' as const),
      order: fc.constantFrom<LabelQueueOrder>('generated', 'disagreements', 'unsure', 'stratified'),
      blind: fc.boolean(),
      offset: fc.constantFrom(0, 0, 2),
      limit: fc.constantFrom(1, 3, 50),
      judge: fc.constantFrom(null, null, 'alpha', 'alpha@v1'),
    }),
  },
);

let context: AppContext;
let runs = 0;
beforeAll(() => {
  context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-queue-memo-property-')), mode: 'browser' });
});
afterAll(async () => {
  await closeAppContext(context);
});

/** The call's result, or the error it threw (a judge that has not graded yet is NOT_FOUND either way). */
function outcome<T>(call: () => T): { value: T } | { error: string } {
  try {
    return { value: call() };
  } catch (error) {
    return { error: String(error) };
  }
}

describe('the queue’s kept first pages', () => {
  it('equal a fresh read after any sequence of grades, labels and queue calls', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.array(step, { minLength: 1, maxLength: 14 }), (rows, steps) => {
        const runId = `run_${(runs += 1)}`;
        const ids = storeCraftedRun(context.db, runId, rows);
        for (const next of steps) {
          switch (next.kind) {
            case 'grade': {
              const [name, version] = JUDGES[next.judge]!;
              storeJudgeGrades(context.db, [ids[next.row % rows]!], name, version, [next.reward], [next.unsure]);
              break;
            }
            case 'label':
              setAnnotatorName(context, next.author);
              setLabel(context, ids[next.row % rows]!, { label: next.value, kind: 'human' });
              break;
            case 'queue': {
              const options: QueueOptions = {
                order: next.order,
                blind: next.blind,
                offset: next.offset,
                limit: next.limit,
                ...(next.judge ? { judge: next.judge } : {}),
              };
              const kept = outcome(() => labelQueue(context, runId, options));
              forgetStoreMemo(context.db);
              forgetTableMemo(context.db);
              expect(kept).toStrictEqual(outcome(() => labelQueue(context, runId, options)));
              if ('value' in kept) {
                // The kept pieces (sorted orders read whole and sliced, counts split by table) against the queue's SQL.
                const output = kept.value;
                const judge = gradingJudgeKeys(context.db, runId).find((found) => found.judge_key === output.judge_key) ?? null;
                const request: QueueRequest = { runId, order: next.order, judge, annotator: output.annotator, snapshot: output.snapshot };
                expect(output.items).toStrictEqual(queuePage(context.db, request, next.offset, next.limit, next.blind));
                const { total, ...counts } = queueCounts(context.db, request);
                expect({ total: output.total, ...counts }).toStrictEqual({
                  total,
                  ...Object.fromEntries(Object.keys(counts).map((name) => [name, output.counts![name as keyof typeof counts]])),
                });
                if (next.offset === 0) {
                  const onPage = output.items.find((item) => item.label === null);
                  expect(output.first_unlabelled).toBe(onPage ? onPage.position : firstUnlabelled(context.db, request));
                }
              }
              // Asked again at the same version: the kept answer.
              expect(outcome(() => labelQueue(context, runId, options))).toStrictEqual(kept);
              break;
            }
            default: {
              const unknown: never = next;
              throw new Error(`unknown step ${String(unknown)}`);
            }
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});
