import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Grade, Label, LabelValue } from '../../../shared/domain';
import { closeAppContext, createAppContext, type AppContext } from '../../services/app/app-context';
import { chooseJudge, gradedJudges } from '../../services/grading/grading-service';
import { storeCraftedRun } from '../../test-support/grading-run';
import { insertGrades } from './grades-repository';
import { insertLabels } from '../labels/labels-repository';
import { NEWEST_GRADE_OF_JUDGE_NAME_SQL, newestGradingJudge } from './newest-judge-repository';

/** Names and versions, two of which spell one key (alpha@v1). */
const JUDGES: ReadonlyArray<readonly [string, string | null]> = [
  ['alpha', 'v1'],
  ['alpha', 'alpha@v1'],
  ['alpha', null],
  ['beta', '1'],
  ['gamma', 'v2'],
];
const NOW = '2026-11-01T00:00:00.000Z';

let context: AppContext;
let runs = 0;
beforeAll(() => {
  context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-newest-judge-')), mode: 'browser' });
});
afterAll(async () => {
  await closeAppContext(context);
});

type Write = { kind: 'grade'; row: number; judge: number } | { kind: 'label'; row: number; value: LabelValue; author: string | null };

const write: fc.Arbitrary<Write> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('grade' as const), row: fc.nat(), judge: fc.integer({ min: 0, max: JUDGES.length - 1 }) }),
  },
  fc.record({
    kind: fc.constant('label' as const),
    row: fc.nat(),
    value: fc.constantFrom<LabelValue>('simulator_error', 'simulator_error', 'pass'),
    author: fc.constantFrom('ann', 'bob', null),
  }),
);

function grade(rowId: string, [judge, version]: readonly [string, string | null]): Grade {
  return {
    row_id: rowId,
    reward: 1,
    reason: 'graded',
    judge_status: 'ok',
    label_source: 'custom',
    failure_class: null,
    unsure: false,
    span: null,
    judge_meta: {},
    provenance: { judge, model: null, rubric_hash: null, settings: {}, version },
    created_at: NOW,
  };
}

describe('the newest judge of a run', () => {
  it('is the judge chooseJudge picks from gradedJudges with no name, simulator-error rows left out', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(write, { maxLength: 25 }), (rows, writes) => {
        const runId = `run_${(runs += 1)}`;
        const ids = storeCraftedRun(context.db, runId, rows);
        for (const next of writes) {
          const rowId = ids[next.row % rows]!;
          if (next.kind === 'grade') insertGrades(context.db, [grade(rowId, JUDGES[next.judge]!)]);
          else
            insertLabels(context.db, [
              { row_id: rowId, label: next.value, kind: 'human', author: next.author, note: null, created_at: NOW } satisfies Label,
            ]);
        }
        const chosen = chooseJudge(gradedJudges(context, runId), runId);
        expect(newestGradingJudge(context.db, runId)).toStrictEqual(
          chosen && { judge_key: chosen.judge_key, judge_name: chosen.judge_name, version: chosen.version },
        );
      }),
      { numRuns: 200 },
    );
  });

  it('walks down index grades_run from a name’s newest grade, without sorting the run’s grades', () => {
    const plan = (
      context.db.prepare(`EXPLAIN QUERY PLAN ${NEWEST_GRADE_OF_JUDGE_NAME_SQL}`).all({ run_id: 'run_1', judge_name: 'alpha' }) as {
        detail: string;
      }[]
    )
      .map((step) => step.detail)
      .join('\n');
    expect(plan).toContain('SEARCH g USING INDEX grades_run (run_id=? AND judge_name=?)');
    expect(plan).not.toContain('TEMP B-TREE');
  });
});
