import { RunConfig, type Dimensions, type Spec } from '../../shared/domain';
import { planGrid, type GridPlan } from '../../engine/index';
import type { Db } from '../store/database';
import { insertRow } from '../store/rows/rows-repository';
import { insertRun } from '../store/runs/runs-repository';
import { insertSpec } from '../store/runs/specs-repository';
import { sampleRow } from '../store/__fixtures__/sample-row';

const objectSchema = (properties: Record<string, unknown>) => ({ type: 'object', properties });

/** A small store spec: two tools, two rules, few values per axis, so every figure can be checked by hand. */
export const COVERAGE_SPEC: Spec = {
  name: 'Orders',
  domain: 'retail',
  system_prompt: 'You are Cart, a store assistant.\n\n1. Confirm the amount before a refund.\n2. Never invent an order number.',
  policy_rules: ['Confirm the amount before a refund.', 'Never invent an order number.'],
  tools: [
    { name: 'get_order', description: 'Look up an order by id.', parameters: objectSchema({ order_id: { type: 'string' } }) },
    {
      name: 'issue_refund',
      description: 'Refund an order.',
      parameters: objectSchema({ order_id: { type: 'string' }, amount: { type: 'number' } }),
    },
  ],
  result_shapes: {},
  known_ids: ['A1001'],
  axes: {
    tool: ['get_order', 'issue_refund', 'unrelated'],
    rule: ['Confirm the amount before a refund.', 'Never invent an order number.', 'unspecified'],
    stance: ['ordinary', 'hurried'],
    world_state: ['entity exists', 'entity missing'],
    tool_condition: ['success', 'timeout'],
    history: ['fresh', 'prior_failure'],
  },
};

export const COVERAGE_CONFIG = RunConfig.parse({
  source: { kind: 'spec', spec: COVERAGE_SPEC },
  budget: 40,
  seed: 3,
  fault_rate: 1,
  prefer_success: false,
});

export function coveragePlan(): GridPlan {
  return planGrid(COVERAGE_SPEC.axes, {
    seed: COVERAGE_CONFIG.seed,
    fault_rate: COVERAGE_CONFIG.fault_rate,
    prefer_success: COVERAGE_CONFIG.prefer_success,
  });
}

/** Stores the spec, a completed run and one row per coordinate given (ordinals from 0), with prompts. */
export function storeCoverageRun(db: Db, runId: string, coordinates: readonly Dimensions[], prompts: readonly string[] = []): void {
  insertSpec(db, `spec_${runId}`, COVERAGE_SPEC, '2026-01-01T00:00:00.000Z');
  insertRun(db, {
    id: runId,
    name: 'Refunds',
    status: 'completed',
    config: COVERAGE_CONFIG,
    now: '2026-01-01T00:00:00.000Z',
    spec_id: `spec_${runId}`,
  });
  coordinates.forEach((dimensions, ordinal) => {
    const base = sampleRow(ordinal);
    const prompt = prompts[ordinal % Math.max(1, prompts.length)] ?? base.prompt;
    insertRow(
      db,
      { ...base, prompt, situation: { ...base.situation, dimensions, world_state: dimensions.world_state } },
      { run_id: runId, duration_ms: 1, created_at: '2026-01-01T00:00:00.000Z' },
    );
  });
}

/** Adds a grade to a stored row; a later grade replaces an earlier one. */
export function gradeRow(db: Db, runId: string, ordinal: number, reward: number | null): void {
  db.prepare(
    `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, provenance, created_at)
     VALUES (?, ?, ?, 'test', ?, 'judge', 'judge', '{}', 't')`,
  ).run(`${runId}:${ordinal}`, runId, reward, reward === null ? 'error' : 'ok');
}
