import type { Row } from '../../shared/domain';
import type { SituationCard } from '../writers/situation-card';
import type { Writer } from '../writers/writer';

/** One pinned task: a stored situation with each of its wordings, as the earlier run played them. */
export type ReplayTask = SituationCard[];

/**
 * The task set of an earlier run (`tasks=`): one task per situation as the run worded it, its wordings in phrasing
 * order, in the order the run first met them. Repeats of one prompt collapse (the replaying run decides k); a
 * situation the run worded again in a later batch is a task of its own, so every prompt is replayed.
 */
export function replayTasks(rows: Iterable<Row>): ReplayTask[] {
  const tasks: Map<number, SituationCard>[] = [];
  const bySituation = new Map<string, Map<number, SituationCard>[]>();
  for (const row of rows) {
    const key = row.situation.scenario_id;
    const uses = bySituation.get(key) ?? [];
    bySituation.set(key, uses);
    if (uses.some((wordings) => wordings.get(row.phrasing_index)?.ask === row.prompt)) continue;
    let wordings = uses.find((candidate) => !candidate.has(row.phrasing_index));
    if (!wordings) {
      wordings = new Map<number, SituationCard>();
      uses.push(wordings);
      tasks.push(wordings);
    }
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
  return tasks.map((wordings) => [...wordings.entries()].sort(([a], [b]) => a - b).map(([, card]) => card));
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
