import { describe, expect, it } from 'vitest';
import type { Row, SimulationSummary } from '../../shared/domain';
import { offlineComponents } from '../simulate/offline-components';
import { simulate } from '../simulate/simulate';
import type { SimulateOptions } from '../simulate/simulate-options';
import { draftSpec } from '../spec/draft-spec';
import { replayTasks } from './replay-writer';

const { spec } = draftSpec('a clinic scheduler that never double-books a patient', { seed: 2 });

async function run(extra: Partial<SimulateOptions>): Promise<{ rows: Row[]; summary: SimulationSummary }> {
  const rows: Row[] = [];
  const events = simulate({
    ...offlineComponents(spec, { seed: 2 }),
    spec,
    seed: 2,
    budget: 24,
    phrasings: 1,
    repeats: 1,
    fault_rate: 0.5,
    prefer_success: true,
    concurrency: 4,
    ...extra,
  });
  for (;;) {
    const next = await events.next();
    if (next.done) return { rows, summary: next.value };
    if (next.value.type === 'row') rows.push(next.value.row);
  }
}

describe('replaying a task set', () => {
  it('runs exactly the earlier situations and prompts again with another agent, then stops tasks_done', async () => {
    const earlier = await run({});
    const tasks = replayTasks(earlier.rows);
    const other = offlineComponents(spec, { seed: 2, demo_rate: 1 }).agent;
    const replayed = await run({ replay: tasks, agent: other, repeats: 2, budget: 1000 });
    expect(replayed.summary.stopped_because).toBe('tasks_done');
    expect(replayed.rows).toHaveLength(earlier.rows.length * 2);
    const key = (row: Row) => `${row.situation.scenario_id}|${row.prompt}`;
    expect(new Set(replayed.rows.map(key))).toEqual(new Set(earlier.rows.map(key)));
    for (const row of replayed.rows) {
      const original = earlier.rows.find((candidate) => key(candidate) === key(row))!;
      expect(row.situation).toEqual(original.situation);
      expect(row.writer_model).toBe(original.writer_model);
    }
  });
});
