import { describe, expect, it } from 'vitest';
import type { Row, Spec } from '../../shared/domain';
import { draftSpec } from '../spec/draft-spec';
import { runOffline } from './__fixtures__/run-offline';
import type { SimulateOptions } from './simulate-options';

const SEED = 4;
const SPEC: Spec = draftSpec('a retail support agent that looks up orders, refunds and cancels them after confirming', { seed: SEED }).spec;

const run = (overrides: Partial<SimulateOptions>) => runOffline({ spec: SPEC, seed: SEED, budget: 300, ...overrides });

/** A row met a fault: one was scheduled for its situation, or a tool answered with one. */
const metFault = (row: Row) =>
  Object.keys(row.situation.faults).length > 0 || row.messages.some((message) => message.role === 'tool' && message.fault !== undefined);

describe('faults at the rate asked', () => {
  it('at fault rate 0 no writer schedules a fault and no tool answers with one, mutations and shape cards included', async () => {
    const { rows, summary } = await run({ fault_rate: 0 });
    expect(rows).toHaveLength(300);
    expect(rows.filter(metFault)).toEqual([]);
    expect(rows.every((row) => row.situation.dimensions.tool_condition === 'success')).toBe(true);
    // The writers that used to bring their own faults did run.
    expect(rows.some((row) => row.writer === 'failure_mutation')).toBe(true);
    expect(rows.some((row) => row.writer === 'behavior_targeted')).toBe(true);
    expect(summary.coverage.delivered).toMatchObject({ fault_share: 0, fault_share_planned: 0, fault_rate: 0 });
    expect(summary.warnings.filter((warning) => /tool fault/.test(warning))).toEqual([]);
  });

  it('at the default rate outside rl, fewer than 12% of rows meet a fault, and the run says how many', async () => {
    const { rows, summary } = await run({});
    const faulted = rows.filter(metFault).length;
    expect(faulted).toBeGreaterThan(0);
    expect(faulted / rows.length).toBeLessThan(0.12);
    expect(summary.coverage.delivered?.fault_share).toBe(Math.round((faulted / rows.length) * 1e4) / 1e4);
    expect(summary.coverage.delivered?.fault_rate).toBe(0.5);
  });

  it('in rl keeps most fault cells, as the mode asks', async () => {
    const shareOf = (rows: Row[]) => rows.filter(metFault).length / rows.length;
    const [rl, explore] = await Promise.all([run({ mode: 'rl', budget: 160 }), run({ budget: 160 })]);
    expect(shareOf(rl.rows)).toBeGreaterThan(0.25);
    expect(shareOf(rl.rows)).toBeGreaterThan(3 * shareOf(explore.rows));
  });
});

describe('the offline writers', () => {
  it('split the batches the template way and label each row with the arm that wrote it; the shares spent are stored', async () => {
    const { rows, summary } = await run({});
    const byArm = new Map<string, number>();
    for (const row of rows) byArm.set(row.writer, (byArm.get(row.writer) ?? 0) + 1);
    // No model writes offline: no row claims the model-guided arm.
    expect(byArm.get('llm_guided')).toBeUndefined();
    expect(rows.every((row) => row.writer_model === 'template')).toBe(true);
    expect(summary.search.arm_rows).toEqual({
      structured: byArm.get('structured') ?? 0,
      llm_guided: 0,
      open_ended: byArm.get('open_ended') ?? 0,
      behavior_targeted: byArm.get('behavior_targeted') ?? 0,
      failure_mutation: byArm.get('failure_mutation') ?? 0,
    });
    expect(summary.search.arm_shares?.open_ended).toBeGreaterThanOrEqual(0.05);
    expect(summary.search.arm_shares?.open_ended).toBeLessThanOrEqual(0.12);
    expect(summary.search.arm_shares?.structured).toBeGreaterThan(0.75);
    // The bandit's weights are the template split's, beside what each batch spent.
    expect(summary.search.arm_weights).toMatchObject({ structured: 0.9, open_ended: 0.1, llm_guided: 0 });
    for (const batch of summary.search.batches) {
      const landed = Object.values(batch.arm_rows).reduce((sum, count) => sum + count, 0);
      expect(batch.arm_shares?.structured).toBe(Math.round((batch.arm_rows.structured / landed) * 1e4) / 1e4);
      // At most one mutation and one shape card a batch beside the split.
      expect(batch.arm_rows.failure_mutation).toBeLessThanOrEqual(1);
      expect(batch.arm_rows.behavior_targeted).toBeLessThanOrEqual(1);
    }
  });
});
