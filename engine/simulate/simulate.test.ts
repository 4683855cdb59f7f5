import { describe, expect, it } from 'vitest';
import type { Mode, Row, Spec, Until } from '../../shared/domain';
import { planGrid } from '../coverage/plan-grid';
import { replayTasks } from '../traces/replay-writer';
import { stableJson } from '../seeded';
import { draftSpec } from '../spec/draft-spec';
import { situationCards } from '../writers/structured-writer';
import { templateWording } from '../writers/template-wording';
import type { Writer } from '../writers/writer';
import { offlineComponents } from './offline-components';
import { simulate } from './simulate';
import { batchRows, PLAN_AHEAD } from './simulation-run';
import type { SimulateOptions } from './simulate-options';
import type { SimulationOutcome } from './simulation-outcome';
import { FLAT_BATCHES, SATURATION_COPIES } from './stop-rule';

const SEED = 3;

/**
 * A drafted retail spec cut down to one tool and a few axis values: some ten planned cells, so saturation comes
 * quickly. Two tool conditions: a fault the kept grid cells never carry would leave an action shape the
 * behaviour-targeted writer walks short of its copies for good.
 */
function smallSpec(): Spec {
  const { spec } = draftSpec('a retail assistant that confirms before refunding', { seed: SEED });
  const tool = spec.tools[0]!;
  return {
    ...spec,
    tools: [tool],
    result_shapes: Object.fromEntries(Object.entries(spec.result_shapes).filter(([name]) => name === tool.name)),
    axes: {
      ...spec.axes,
      tool: [tool.name, 'unrelated'],
      rule: [spec.axes.rule[0]!, 'unspecified'],
      stance: ['ordinary', 'adversarial'],
      world_state: spec.axes.world_state.slice(0, 2),
      tool_condition: spec.axes.tool_condition.slice(0, 2),
      history: ['fresh'],
    },
  };
}

const SPEC = smallSpec();
const OFFLINE = offlineComponents(SPEC, { seed: SEED });

async function run(overrides: Partial<SimulateOptions>): Promise<{ rows: Row[]; summary: SimulationOutcome }> {
  const rows: Row[] = [];
  // Phrasings, repeats, fault rate and prefer_success are left to the mode (explore: 1, 1, 0.5, true).
  const events = simulate({ ...OFFLINE, spec: SPEC, seed: SEED, budget: 200, concurrency: 8, ...overrides });
  for (;;) {
    const next = await events.next();
    if (next.done) return { rows, summary: next.value };
    if (next.value.type === 'row') rows.push(next.value.row);
  }
}

/** The same rows and the same summary at concurrency 1, 8 and 32; returns the run at 8. */
async function sameAtAnyConcurrency(until: Until, budget: number, mode?: Mode): Promise<{ rows: Row[]; summary: SimulationOutcome }> {
  const [one, eight, many] = await Promise.all(
    [1, 8, 32].map((concurrency) => run({ until, budget, concurrency, ...(mode ? { mode } : {}) })),
  );
  expect(stableJson(one!.rows)).toBe(stableJson(eight!.rows));
  expect(stableJson(many!.rows)).toBe(stableJson(eight!.rows));
  expect(stableJson(one!.summary)).toBe(stableJson(eight!.summary));
  expect(stableJson(many!.summary)).toBe(stableJson(eight!.summary));
  return eight!;
}

describe('simulate, deterministic at any concurrency', () => {
  it('runs to the budget by default, recording the stop rule figures without stopping on them', async () => {
    const { rows, summary } = await sameAtAnyConcurrency('compute', 120);
    expect(rows).toHaveLength(120);
    expect(rows.map((row) => row.ordinal)).toEqual(rows.map((_, index) => index));
    expect(summary.stopped_because).toBe('budget');
    expect(summary.coverage).toMatchObject({ until: 'compute', saturation: false, copies_needed: SATURATION_COPIES });
    expect(summary.coverage.min_cell_copies).toBeGreaterThanOrEqual(SATURATION_COPIES);
    expect(summary.search.copy_deficit).toBe(0);
    const last = summary.search.batches.at(-1)!;
    expect(last.plateau_batches).toBe(summary.search.plateau_batches);
    expect(last.space_rate).toBeGreaterThanOrEqual(0);
  });

  it('with until=saturation stops at the same row once every planned cell has five rows', async () => {
    const { rows, summary } = await sameAtAnyConcurrency('saturation', 400);
    expect(summary.stopped_because).toBe('saturation');
    expect(rows.length).toBeLessThan(400);
    // It stops after a whole batch: the rows are whole batches of the budget's batch size.
    expect(rows.length % batchRows(400)).toBe(0);
    expect(summary.coverage).toMatchObject({ until: 'saturation', saturation: true, predicted_to_saturation: 0 });
    expect(summary.coverage.min_cell_copies).toBeGreaterThanOrEqual(SATURATION_COPIES);
    expect(summary.coverage.cells_unvisited).toBe(0);
  });

  it('in mode rl gives every prompt 2 probe rollouts and the rest of its 8 where they disagree, the same at any concurrency', async () => {
    const { rows, summary } = await sameAtAnyConcurrency('compute', 160, 'rl');
    expect(rows).toHaveLength(160);
    expect(rows.map((row) => row.ordinal)).toEqual(rows.map((_, index) => index));
    expect(summary.coverage).toMatchObject({
      mode: 'rl',
      repeat_policy: 'successive',
      rollouts_per_request: 8,
      fault_rate: 0.8,
      prefer_success: false,
    });
    // The grid was planned with rl's fault settings: fewer fault cells flip to success than under explore's.
    const rlPlan = planGrid(SPEC.axes, { seed: SEED, fault_rate: 0.8, prefer_success: false });
    expect(summary.search.grid).toEqual({ cells: rlPlan.cells.length, flipped: rlPlan.flipped });
    expect(rlPlan.flipped).toBeLessThan(planGrid(SPEC.axes, { seed: SEED, fault_rate: 0.5, prefer_success: true }).flipped);
    const byPrompt = new Map<string, Row[]>();
    for (const row of rows)
      byPrompt.set(`${row.situation.scenario_id}:${row.phrasing_index}:${row.prompt}`, [
        ...(byPrompt.get(`${row.situation.scenario_id}:${row.phrasing_index}:${row.prompt}`) ?? []),
        row,
      ]);
    const sizes = [...byPrompt.values()].map((group) => group.length);
    expect(sizes.filter((size) => size === 8).length).toBeGreaterThan(0);
    expect(sizes.filter((size) => size === 2).length).toBeGreaterThan(0);
    for (const group of byPrompt.values()) {
      expect(group.map((row) => row.rollout_index)).toEqual(group.map((_, index) => index));
      if (group.length === 8) expect(new Set(group.slice(0, 2).map((row) => OFFLINE.conduct(row).reward < 0.5)).size).toBe(2);
    }
    expect(summary.search.repeat_groups).toMatchObject({ topped_up: sizes.filter((size) => size === 8).length });
  });

  it('with until=first stops once every planned pair is covered', async () => {
    const { rows, summary } = await sameAtAnyConcurrency('first', 400);
    expect(summary.stopped_because).toBe('pairs_covered');
    expect(rows.length).toBeLessThan(400);
    expect(summary.coverage.pairwise.fraction).toBe(1);
    expect(summary.coverage).toMatchObject({ until: 'first', saturation: false });
  });
});

describe('until=saturation', () => {
  it('resumed from a stored prefix stops at the same row with the same summary', async () => {
    const whole = await run({ until: 'saturation', budget: 400 });
    const stored = new Map(whole.rows.slice(0, 31).map((row) => [row.ordinal, row]));
    const resumed = await run({ until: 'saturation', budget: 400, concurrency: 4, resume: { get: (ordinal) => stored.get(ordinal) } });
    expect(stableJson(resumed.rows)).toBe(stableJson(whole.rows));
    expect(resumed.summary.search.rollouts.resumed).toBe(31);
    const { rollouts: _wholeRollouts, ...wholeSearch } = whole.summary.search;
    const { rollouts: _resumedRollouts, ...resumedSearch } = resumed.summary.search;
    expect(stableJson({ ...resumed.summary, search: resumedSearch })).toBe(stableJson({ ...whole.summary, search: wholeSearch }));
  });

  it(`stops on a plateau of ${FLAT_BATCHES} flat batches when the cells can never all fill`, async () => {
    const plan = planGrid(SPEC.axes, { seed: SEED, fault_rate: 0.5, prefer_success: true });
    // A writer stuck on one planned cell: the other cells never fill, and batches soon find nothing new.
    const stuck: Writer = {
      arm: 'structured',
      model: 'template',
      async propose(request) {
        return Array.from({ length: request.count }, () => situationCards(plan.cells[0]!, 'structured', request, templateWording));
      },
    };
    const { rows, summary } = await run({ until: 'saturation', budget: 1000, writers: [stuck] });
    expect(summary.stopped_because).toBe('saturation');
    expect(rows.length).toBeLessThan(1000);
    // The rule is met on the 12th flat batch; the PLAN_AHEAD batches already rolling out then commit too, and count.
    expect(summary.search.plateau_batches).toBe(FLAT_BATCHES + PLAN_AHEAD);
    expect(summary.search.copy_deficit).toBeGreaterThan(0);
    expect(summary.search.batches.slice(-FLAT_BATCHES - PLAN_AHEAD).every((batch) => batch.space_rate < 0.02)).toBe(true);
  });

  it('is ignored by a replay, which runs its whole task set', async () => {
    const { summary } = await run({
      until: 'first',
      budget: 400,
      replay: replayTasks((await run({ budget: 60 })).rows),
    });
    expect(summary.stopped_because).toBe('tasks_done');
    expect(summary.coverage.until).toBe('compute');
  });
});
