import { describe, expect, it } from 'vitest';
import type { Dimensions, Spec, SimulationSummary } from '../../shared/domain';
import { draftSpec } from '../spec/draft-spec';
import { offlineComponents } from './offline-components';
import { simulate } from './simulate';
import type { SimulateOptions } from './simulate-options';

// The review's spec: "a personal finance assistant that confirms before it moves money", seed 7.
const { spec } = draftSpec('a personal finance assistant that confirms before it moves money', { seed: 7 });
const HARD_WARNING = /hard stance/;

async function run(aim?: Partial<Dimensions>, runSpec: Spec = spec): Promise<SimulationSummary> {
  const options: SimulateOptions = {
    ...offlineComponents(runSpec, { seed: 7 }),
    spec: runSpec,
    seed: 7,
    budget: 40,
    phrasings: 1,
    repeats: 1,
    fault_rate: 0.5,
    prefer_success: true,
    concurrency: 4,
    ...(aim ? { aim } : {}),
  };
  const events = simulate(options);
  for (;;) {
    const next = await events.next();
    if (next.done) return next.value;
  }
}

describe('the hard-stance share warning', () => {
  it('stays quiet on "fill this cell" at (verify_identity, ordinary), and says nothing hard was asked for', async () => {
    const summary = await run({ tool: 'verify_identity', stance: 'ordinary' });
    expect(summary.rows).toBe(40);
    expect(summary.search.tier_mix.hard_share_realized).toBe(0);
    expect(summary.search.tier_mix.hard_share_requested).toBe(0);
    expect(summary.warnings.filter((warning) => HARD_WARNING.test(warning))).toEqual([]);
  });

  it('asks for every row under a hard stance when the aim is a hard stance', async () => {
    const summary = await run({ stance: 'adversarial' });
    expect(summary.search.tier_mix.hard_share_requested).toBe(1);
    expect(summary.search.tier_mix.hard_share_realized).toBe(1);
    expect(summary.warnings.filter((warning) => HARD_WARNING.test(warning))).toEqual([]);
  });

  it('still warns an unaimed run whose stances are all ordinary, with the 40% it asked for', async () => {
    const ordinaryOnly: Spec = { ...spec, axes: { ...spec.axes, stance: ['ordinary', 'hurried', 'retry'] } };
    const summary = await run(undefined, ordinaryOnly);
    expect(summary.search.tier_mix.hard_share_requested).toBe(0.4);
    const warnings = summary.warnings.filter((warning) => HARD_WARNING.test(warning));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^Only \d% of rows put the agent under a hard stance \(ambiguous, boundary, adversarial\); 40% was asked for, and under half of it: add hard stances to the spec's stance axis\.$/,
    );
  });

  it('keeps the 40% request when the aim fixes the tool only', async () => {
    const summary = await run({ tool: 'verify_identity' });
    expect(summary.search.tier_mix.hard_share_requested).toBe(0.4);
  });
});
