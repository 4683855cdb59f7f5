import { shortHash } from '../../seeded';
import { compareText } from '../../text';
import type { ExportInput } from '../export-input';
import { normaliseText } from '../gates/junk';
import { groupBy } from '../source';

/** Difficulty as the grader measured it: before dedupe, over the graded rollouts. */
export interface Calibration {
  pass_rate: number;
  k: number;
  /** Rollouts of the ask, graded or not. */
  n: number;
  /** The agent models that produced them, joined by `+`. */
  policy: string;
}

/** One ask (scenario + prompt) kept for RL: what a prompt-only line needs, without holding the rows. */
export interface RlGroup {
  group_id: string;
  scenario_id: string;
  first: ExportInput;
  rollout_ids: string[];
  k: number;
  n0: number;
  n1: number;
  reward_mean: number;
  reward_std: number;
  pass_rate: number;
  fault_kind: string;
  calibration: Calibration;
}

/** The fault kinds an ask's rollouts met, joined by `+` in order (`none` when they met none). */
export function faultKind(rows: readonly ExportInput[]): string {
  const kinds = new Set<string>();
  for (const input of rows)
    for (const message of input.row.messages) if (message.role === 'tool' && message.fault) kinds.add(message.fault);
  return kinds.size === 0 ? 'none' : [...kinds].sort().join('+');
}

export const rlGroupId = (scenarioId: string, prompt: string): string => shortHash(`${scenarioId}\n${normaliseText(prompt)}`, 16);

/** Round-robin across fault kinds (sorted), within a kind by pass rate; whole groups until `target` rows. */
export function takeWholeGroups(candidates: readonly RlGroup[], target: number, order: 'spread' | 'middle'): RlGroup[] {
  const byId = (a: RlGroup, b: RlGroup) => compareText(a.group_id, b.group_id);
  const kinds = groupBy(
    [...candidates].sort((a, b) => compareText(a.fault_kind, b.fault_kind)),
    (group) => group.fault_kind,
  );
  const queues = kinds.map((groups) => {
    if (order === 'middle') return [...groups].sort((a, b) => Math.abs(a.pass_rate - 0.5) - Math.abs(b.pass_rate - 0.5) || byId(a, b));
    const byRate = groupBy(
      [...groups].sort((a, b) => a.pass_rate - b.pass_rate || byId(a, b)),
      (group) => String(group.pass_rate),
    );
    const spread: RlGroup[] = [];
    for (let round = 0; spread.length < groups.length; round++) for (const rate of byRate) if (rate[round]) spread.push(rate[round]!);
    return spread;
  });
  const taken: RlGroup[] = [];
  let rows = 0;
  for (let round = 0; rows < target; round++) {
    let took = false;
    for (const queue of queues) {
      const group = queue[round];
      if (!group || rows >= target) continue;
      taken.push(group);
      rows += group.k;
      took = true;
    }
    if (!took) break;
  }
  return taken;
}
