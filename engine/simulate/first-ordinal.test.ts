import { describe, expect, it } from 'vitest';
import type { Row } from '../../shared/domain';
import { stableJson } from '../seeded';
import { draftSpec } from '../spec/draft-spec';
import { offlineComponents } from './offline-components';
import { simulate } from './simulate';
import type { SimulateOptions } from './simulate-options';

const SEED = 5;
const { spec: SPEC } = draftSpec('a retail assistant that confirms before refunding', { seed: SEED });
const OFFLINE = offlineComponents(SPEC, { seed: SEED });

async function rowsOf(overrides: Partial<SimulateOptions>): Promise<Row[]> {
  const rows: Row[] = [];
  const events = simulate({ ...OFFLINE, spec: SPEC, seed: SEED, budget: 12, concurrency: 4, ...overrides });
  for (;;) {
    const next = await events.next();
    if (next.done) return rows;
    if (next.value.type === 'row') rows.push(next.value.row);
  }
}

describe('a continuation of a stored run (first_ordinal)', () => {
  it('numbers its rows on from the run’s last, each with its own rollout id, every one in the pinned cell', async () => {
    const aim = { tool: SPEC.axes.tool[0]!, stance: 'adversarial' };
    const first = await rowsOf({});
    const filled = await rowsOf({ aim, first_ordinal: 40 });
    expect(filled.length).toBeGreaterThan(0);
    expect(filled.map((row) => row.ordinal)).toEqual(filled.map((_, index) => 40 + index));
    for (const row of filled) expect(row.situation.dimensions).toMatchObject(aim);
    const ids = new Set(first.map((row) => row.rollout_id));
    expect(filled.some((row) => ids.has(row.rollout_id))).toBe(false);
  });

  it('is the same rows again for the same seed, and resumes from its own stored rows', async () => {
    const aim = { stance: 'hurried' };
    const whole = await rowsOf({ aim, first_ordinal: 7 });
    const stored = new Map(whole.slice(0, 5).map((row) => [row.ordinal, row]));
    const resumed = await rowsOf({ aim, first_ordinal: 7, resume: { get: (ordinal) => stored.get(ordinal) } });
    expect(stableJson(resumed)).toBe(stableJson(whole));
  });
});
