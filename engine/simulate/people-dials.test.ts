import { describe, expect, it } from 'vitest';
import type { Row, Spec } from '../../shared/domain';
import { round4 } from '../../shared/domain/rounding';
import { tierOfStance } from '../people/tiers';
import { draftSpec } from '../spec/draft-spec';
import { runOffline } from './__fixtures__/run-offline';
import type { SimulateOptions } from './simulate-options';

const SEED = 3;
const SPEC: Spec = draftSpec('a clinic scheduler that never double-books a patient', { seed: SEED }).spec;

const run = (overrides: Partial<SimulateOptions>) => runOffline({ spec: SPEC, seed: SEED, budget: 160, ...overrides });

const hardShareOf = (rows: Row[]) =>
  rows.filter((row) => tierOfStance(row.situation.dimensions.stance) !== 'ordinary').length / rows.length;

describe('the people dials', () => {
  it('mix the grid writer to the hard share asked, and report the mix delivered', async () => {
    const [none, most] = await Promise.all([run({ people: { hard_share: 0 } }), run({ people: { hard_share: 0.8 } })]);
    const structured = (rows: Row[]) => rows.filter((row) => row.writer === 'structured');
    // mix_items_by_tier takes every tier once a batch however the share is set (breadth first), and the batch's gap card
    // chases open pairs whatever its stance: the share rules the rest.
    expect(hardShareOf(structured(none.rows))).toBeLessThan(0.3);
    expect(hardShareOf(structured(most.rows))).toBeGreaterThan(0.7);
    expect(most.summary.search.tier_mix).toMatchObject({ hard_share_requested: 0.8, hard_share_realized: round4(hardShareOf(most.rows)) });
    expect(none.summary.search.tier_mix.hard_share_requested).toBe(0);
  });

  it('give every person the patience asked for, or each their own when it is left mixed', async () => {
    const short = await run({ people: { patience: 'short' }, budget: 60 });
    expect(new Set(short.rows.map((row) => row.persona.patience))).toEqual(new Set(['short']));
    const mixed = await run({ budget: 60 });
    expect(new Set(mixed.rows.map((row) => row.persona.patience))).toEqual(new Set(['normal', 'short']));
  });

  it('cap the person at avg_turns // 2 turns', async () => {
    const { rows } = await run({ people: { avg_turns: 4, patience: 'endless' }, budget: 60 });
    const userTurns = rows.map((row) => row.messages.filter((message) => message.role === 'user').length);
    expect(Math.max(...userTurns)).toBe(2);
  });
});
