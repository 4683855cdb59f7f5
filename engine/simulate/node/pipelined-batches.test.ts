import { setTimeout as later } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../../shared/domain';
import type { AgentUnderTest } from '../../agents/agent';
import { stableJson } from '../../seeded';
import { draftSpec } from '../../spec/draft-spec';
import { offlineComponents } from '../offline-components';
import { simulate } from '../simulate';
import { batchRows } from '../simulation-run';

const SEED = 3;
const { spec: SPEC } = draftSpec('a retail assistant that confirms before refunding', { seed: SEED });
const OFFLINE = offlineComponents(SPEC, { seed: SEED });

async function rowsOf(agent: AgentUnderTest): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const event of simulate({ ...OFFLINE, agent, spec: SPEC, seed: SEED, budget: 120, concurrency: 4 }))
    if (event.type === 'row') rows.push(event.row);
  return rows;
}

describe('simulate, pipelined', () => {
  it('rolls out the next batch while a batch waits for its slowest rollout, and plans no further ahead, with the same rows', async () => {
    const rowsPerBatch = batchRows(120);
    const startedWhileSlow = new Set<number>();
    let slowPending = true;
    let slowStarted = false;
    let nextBatchStarted: () => void = () => {};
    const nextBatchStart = new Promise<void>((resolve) => (nextBatchStarted = resolve));
    const base = OFFLINE.agent;
    // The first rollout's first reply waits until a rollout of the next batch starts (2 s at most, so a scheduler that
    // waits for the batch's slowest rollout fails instead of hanging); the offline agent answers every other call at once.
    const slowFirst: AgentUnderTest = {
      model: base.model,
      async respond(request) {
        const ordinal = Number(request.rollout_key.split(':')[1]);
        if (slowPending) startedWhileSlow.add(ordinal);
        if (ordinal >= rowsPerBatch) nextBatchStarted();
        if (request.rollout_key === `${SEED}:0` && !slowStarted) {
          slowStarted = true;
          await Promise.race([nextBatchStart, later(2000)]);
          slowPending = false;
        }
        return base.respond(request);
      },
    };
    const slowed = await rowsOf(slowFirst);
    const ordinals = [...startedWhileSlow];
    // Batch 1 was planned before any result and rolls out beside batch 0; batch 2 waits for batch 0 to commit.
    expect(ordinals.some((ordinal) => ordinal >= rowsPerBatch)).toBe(true);
    expect(Math.max(...ordinals)).toBeLessThan(2 * rowsPerBatch);
    expect(slowed).toHaveLength(120);
    expect(stableJson(slowed)).toBe(stableJson(await rowsOf(base)));
  });
});
