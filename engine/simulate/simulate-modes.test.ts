import { describe, expect, it } from 'vitest';
import type { Row, Spec } from '../../shared/domain';
import { stableJson } from '../seeded';
import { draftSpec } from '../spec/draft-spec';
import { replayTasks } from '../traces/replay-writer';
import { offlineComponents } from './offline-components';
import { simulate } from './simulate';
import { batchRows } from './simulation-run';
import type { SimulateOptions } from './simulate-options';
import type { SimulationOutcome } from './simulation-outcome';

const SEED = 5;
const SPEC: Spec = draftSpec('an orders desk that confirms before refunding', { seed: SEED }).spec;
const OFFLINE = offlineComponents(SPEC, { seed: SEED });

async function run(overrides: Partial<SimulateOptions>): Promise<{ rows: Row[]; summary: SimulationOutcome }> {
  const rows: Row[] = [];
  const events = simulate({ ...OFFLINE, spec: SPEC, seed: SEED, budget: 96, concurrency: 8, ...overrides });
  for (;;) {
    const next = await events.next();
    if (next.done) return { rows, summary: next.value };
    if (next.value.type === 'row') rows.push(next.value.row);
  }
}

/** Rows per prompt (one wording of one situation), in plan order. */
function groupsOf(rows: Row[]): Row[][] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = `${row.situation.scenario_id}|${row.phrasing_index}|${row.prompt}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()];
}

describe('mode', () => {
  it('lets every setting the caller gave win over the mode, and says which defaults it applied', async () => {
    const { rows, summary } = await run({ mode: 'rl', fault_rate: 0.5, repeats: 4, repeat_policy: 'fixed' });
    expect(summary.coverage).toMatchObject({
      mode: 'rl',
      repeat_policy: 'fixed',
      rollouts_per_request: 4,
      fault_rate: 0.5,
      prefer_success: false,
      mode_defaults: ['phrasings', 'prefer_success'],
    });
    expect(groupsOf(rows).map((group) => group.length)).toEqual(groupsOf(rows).map(() => 4));
    const applied = summary.warnings.find((warning) => warning.startsWith('Mode rl filled'));
    expect(applied).toContain('prefer_success false');
    expect(applied).not.toContain('fault_rate');
    expect(applied).not.toContain('repeats');
  });

  it('sft writes three wordings per situation and gives uncertain prompts the rest of their four completions', async () => {
    // Seed 4: a run in which some first rollouts settle their prompt (at seed 5 every cell shows two behaviours).
    const { rows, summary } = await run({ mode: 'sft', budget: 120, seed: 4 });
    expect(summary.coverage).toMatchObject({ mode: 'sft', repeat_policy: 'adaptive', requests_per_situation: 3, rollouts_per_request: 4 });
    expect(new Set(rows.map((row) => row.phrasing_index))).toEqual(new Set([0, 1, 2]));
    const sizes = groupsOf(rows)
      .slice(0, -6)
      .map((group) => group.length);
    expect(new Set(sizes)).toEqual(new Set([1, 4]));
    expect(summary.search.repeat_groups!.topped_up).toBe(groupsOf(rows).filter((group) => group.length === 4).length);
  });

  it('explore adds no mode warning and records its settings', async () => {
    const { summary } = await run({ budget: 24 });
    expect(summary.coverage).toMatchObject({
      mode: 'explore',
      repeat_policy: 'none',
      requests_per_situation: 1,
      rollouts_per_request: 1,
      fault_rate: 0.5,
      prefer_success: true,
    });
    expect(summary.warnings.filter((warning) => warning.startsWith('Mode '))).toEqual([]);
    expect(summary.search.repeat_groups).toBeUndefined();
  });

  it('rl resumed from a stored prefix tops up the same prompts and ends with the same rows', async () => {
    const whole = await run({ mode: 'rl', budget: 120 });
    const stored = new Map(whole.rows.slice(0, 37).map((row) => [row.ordinal, row]));
    const resumed = await run({ mode: 'rl', budget: 120, concurrency: 3, resume: { get: (ordinal) => stored.get(ordinal) } });
    expect(stableJson(resumed.rows)).toBe(stableJson(whole.rows));
    expect(resumed.summary.search.repeat_groups).toEqual(whole.summary.search.repeat_groups);
  });

  it('a replay keeps the earlier task set: the mode does not change its repeats', async () => {
    const earlier = await run({ budget: 20 });
    const { rows, summary } = await run({ mode: 'rl', budget: 200, replay: replayTasks(earlier.rows) });
    expect(summary.stopped_because).toBe('tasks_done');
    expect(rows).toHaveLength(20);
    expect(summary.coverage).toMatchObject({ repeat_policy: 'fixed', rollouts_per_request: 1 });
    expect(summary.warnings.some((warning) => warning.startsWith('A replay runs the earlier run'))).toBe(true);
  });

  it('adaptive on a short clock gives an uncertain prompt at most two rollouts', async () => {
    const { rows, summary } = await run({ mode: 'adaptive', time_budget: 60, budget: 96 });
    expect(summary.coverage).toMatchObject({ mode: 'adaptive', rollouts_per_request: 2, time_budget: 60 });
    expect(Math.max(...groupsOf(rows).map((group) => group.length))).toBe(2);
  });
});

describe('time_budget', () => {
  /** A clock that moves one second each time it is read. */
  function tickingClock(): () => number {
    let now = 0;
    return () => (now += 1000);
  }

  it('stops after the batch in which the time ran out, with stopped_because time_budget', async () => {
    const budget = 400;
    const { rows, summary } = await run({ budget, time_budget: 30, clock: tickingClock(), concurrency: 4 });
    expect(summary.stopped_because).toBe('time_budget');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(budget);
    // Whole batches only.
    expect(rows.length % batchRows(budget)).toBe(0);
    expect(summary.coverage.time_budget).toBe(30);
    expect(summary.warnings.some((warning) => warning.includes('not reproducible row for row'))).toBe(true);
  });

  it('never stops a run whose clock does not move', async () => {
    const { summary } = await run({ budget: 40, time_budget: 1 });
    expect(summary.stopped_because).toBe('budget');
  });
});
