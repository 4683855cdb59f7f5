import { describe, expect, it } from 'vitest';
import type { Spec } from '../../shared/domain';
import { draftSpec } from '../spec/draft-spec';
import { replayTasks } from '../traces/replay-writer';
import { runOffline, type OfflineRun } from './__fixtures__/run-offline';
import type { SimulateOptions } from './simulate-options';

const SEED = 8;
const SPEC: Spec = draftSpec('a retail support agent that looks up orders and refunds them after confirming', { seed: SEED }).spec;

const run = (overrides: Partial<SimulateOptions>) => runOffline({ spec: SPEC, seed: SEED, budget: 80, ...overrides });

const matching = (summary: OfflineRun['summary'], pattern: RegExp) => summary.warnings.filter((warning) => pattern.test(warning));

describe('the delivered checks', () => {
  it('stay quiet on a default run that delivers what it was asked', async () => {
    const { summary } = await run({ budget: 120 });
    expect(matching(summary, /tool fault|hard stance|avg_turns|followups_starved/)).toEqual([]);
    expect(summary.degraded).not.toContain('followups_starved');
    expect(summary.coverage.delivered).toMatchObject({ rows: 120, fault_rate: 0.5, hard_share_requested: 0.4, avg_turns: null });
  });

  it('warn when a run at fault rate 0 still meets faults, naming the writer they came from', async () => {
    const faulty = await run({ mode: 'rl', budget: 40 });
    expect(faulty.rows.some((row) => Object.keys(row.situation.faults).length > 0)).toBe(true);
    const { summary } = await run({ replay: replayTasks(faulty.rows), fault_rate: 0, repeats: 1, budget: 200 });
    expect(summary.coverage.delivered?.fault_share).toBeGreaterThan(0.01);
    const [warning] = matching(summary, /although fault_rate 0 asked for none \(from the [a-z_, ]+ writer\)/);
    expect(warning).toMatch(/^\d+ of \d+ rows \(\d+\.\d%\) met a tool fault/);
    expect(warning).toContain('structured');
  });

  it('warn when the rows meet far fewer faults than the grid planned at the rate asked', async () => {
    const calm = await run({ fault_rate: 0, budget: 40 });
    const { summary } = await run({ replay: replayTasks(calm.rows), fault_rate: 1, prefer_success: false, repeats: 1, budget: 200 });
    expect(summary.coverage.delivered?.fault_share).toBe(0);
    expect(summary.coverage.delivered?.fault_share_planned).toBeGreaterThan(0.5);
    expect(
      matching(summary, /^Only 0\.0% of rows met a tool fault; fault_rate 1 planned \d+\.\d% of the grid's cells with one\./),
    ).toHaveLength(1);
  });

  it('warn when threads run under half the avg_turns asked, and when follow-ups starve for turns', async () => {
    const long = await run({ people: { avg_turns: 40 } });
    expect(matching(long.summary, /^Threads average \d+\.\d turns, under half the avg_turns 40 asked/)).toHaveLength(1);
    const clipped = await run({ people: { avg_turns: 1 } });
    expect(clipped.summary.degraded).toContain('followups_starved');
    const missed = clipped.rows.filter((row) => row.ended_by === 'max_turns' && row.finish_reason !== 'tool').length;
    expect(clipped.summary.coverage.delivered?.missed_followups).toBe(missed);
    expect(
      matching(clipped.summary, new RegExp(`^${missed} of 80 rows ended on the agent's question with the person out of turns`)),
    ).toHaveLength(1);
  });

  it('warn when hard stances fall short of the hard share asked, and name the fix under half of it', async () => {
    const { summary } = await run({
      people: { hard_share: 1 },
      spec: { ...SPEC, axes: { ...SPEC.axes, stance: ['ordinary', 'boundary', 'adversarial'] } },
    });
    expect(summary.search.tier_mix.hard_share_realized).toBeGreaterThan(0.5);
    expect(matching(summary, /hard stance/)).toEqual([
      `Only ${Math.round(100 * summary.search.tier_mix.hard_share_realized!)}% of rows put the agent under a hard stance (ambiguous, ` +
        'boundary, adversarial); 100% was asked for.',
    ]);
    const ordinary = await run({ spec: { ...SPEC, axes: { ...SPEC.axes, stance: ['ordinary', 'hurried'] } } });
    expect(matching(ordinary.summary, /40% was asked for, and under half of it: add hard stances/)).toHaveLength(1);
  });
});
