import { fileURLToPath } from 'node:url';
import { RunConfig, type Grade } from '../../shared/domain';
import type { Db } from '../store/database';
import { insertGrades } from '../store/grades/grades-repository';
import { insertRow, storedRowId } from '../store/rows/rows-repository';
import { insertRun } from '../store/runs/runs-repository';
import { insertSpec } from '../store/runs/specs-repository';
import { sampleRow } from '../store/__fixtures__/sample-row';
import type { AppContext } from '../services/app/app-context';
import { executeRun } from '../services/runs/run-executor';
import { createRun } from '../services/runs/runs-service';
import { COVERAGE_SPEC } from './coverage-run';

export const JUDGE_SCRIPT = fileURLToPath(new URL('./judges/ordinal-judge.mjs', import.meta.url));
export const JUDGE_MODULE = fileURLToPath(new URL('./judges/reward-module.mjs', import.meta.url));
export const BROKEN_MODULE = fileURLToPath(new URL('./judges/broken-module.mjs', import.meta.url));
export const NO_DEFAULT_MODULE = fileURLToPath(new URL('./judges/no-default.mjs', import.meta.url));

/** `command:` text for the ordinal judge, run by this Node. */
export function judgeCommand(...flags: string[]): string {
  return `command:${JSON.stringify(process.execPath)} ${JSON.stringify(JUDGE_SCRIPT)} ${flags.join(' ')}`.trim();
}

/** A real offline simulation (demo agent, seeded), stored in the context's store; returns the run id. */
export async function simulateOfflineRun(context: AppContext, budget = 40, seed = 7): Promise<string> {
  const config = RunConfig.parse({
    source: { kind: 'describe', sentence: 'an order support agent that never refunds without checking the order' },
    budget,
    seed,
  });
  const run = await createRun(context, config);
  await executeRun({ db: context.db, runId: run.id });
  return run.id;
}

const NOW = '2026-11-01T00:00:00.000Z';

/** A completed run of `n` small rows (ordinals 0..n-1, ids `${runId}:${ordinal}`) for hand-checked figures. */
export function storeCraftedRun(db: Db, runId: string, n: number): string[] {
  const specId = `spec_${runId}`;
  insertSpec(db, specId, COVERAGE_SPEC, NOW);
  insertRun(db, {
    id: runId,
    name: runId,
    status: 'completed',
    config: RunConfig.parse({ source: { kind: 'spec', spec: COVERAGE_SPEC } }),
    now: NOW,
    spec_id: specId,
  });
  const ids: string[] = [];
  for (let ordinal = 0; ordinal < n; ordinal += 1) {
    insertRow(db, sampleRow(ordinal, { rollout_id: `${runId}-ro-${ordinal}` }), { run_id: runId, duration_ms: 5, created_at: NOW });
    ids.push(storedRowId(runId, ordinal));
  }
  return ids;
}

/** Stores one grade per row from a custom judge: rewards[i] for row i (null = the judge erred). */
export function storeJudgeGrades(
  db: Db,
  rowIds: readonly string[],
  judge: string,
  version: string,
  rewards: ReadonlyArray<number | null>,
  unsure: readonly boolean[] = [],
): void {
  const grades: Grade[] = rewards.map((reward, index) => ({
    row_id: rowIds[index]!,
    reward,
    reason: reward === null ? 'judge error' : 'graded',
    judge_status: reward === null ? 'error' : 'ok',
    label_source: 'custom',
    failure_class: null,
    unsure: unsure[index] ?? false,
    span: null,
    judge_meta: {},
    provenance: { judge, model: null, rubric_hash: null, settings: {}, version },
    created_at: NOW,
  }));
  insertGrades(db, grades);
}
