import type { Row } from '../../shared/domain';
import type { SituationCard } from '../writers/situation-card';
import type { Writer } from '../writers/writer';

/** One pinned task: a stored situation with each of its wordings, as the earlier run played them. */
export type ReplayTask = SituationCard[];

/**
 * The task set of an earlier run (`tasks=`): one task per situation, its wordings in phrasing order, in the order
 * the run first met them. Repeats collapse: the replaying run decides k.
 */
export function replayTasks(rows: Iterable<Row>): ReplayTask[] {
  const tasks = new Map<string, Map<number, SituationCard>>();
  for (const row of rows) {
    const key = row.situation.scenario_id;
    const wordings = tasks.get(key) ?? new Map<number, SituationCard>();
    tasks.set(key, wordings);
    if (wordings.has(row.phrasing_index)) continue;
    wordings.set(row.phrasing_index, {
      situation: row.situation,
      persona: row.persona,
      ask: row.prompt,
      arm: row.writer,
      writer_model: row.writer_model,
      phrasing_index: row.phrasing_index,
      rollout_index: 0,
      lineage: row.lineage,
    });
  }
  return [...tasks.values()].map((wordings) => [...wordings.entries()].sort(([a], [b]) => a - b).map(([, card]) => card));
}

/**
 * Replays pinned tasks in order, nothing new: each proposal takes the next `count` tasks, then it runs dry and
 * the run stops `tasks_done`. It proposes as the grid writer, so every slot of every batch is its own.
 */
export function createReplayWriter(tasks: readonly ReplayTask[]): Writer {
  let next = 0;
  return {
    arm: 'structured',
    model: 'replay',
    async propose(request) {
      const taken = tasks.slice(next, next + request.count);
      next += taken.length;
      return taken.map((cards) => cards.map((card) => ({ ...card })));
    },
  };
}
