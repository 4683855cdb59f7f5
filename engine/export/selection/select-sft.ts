import { SeededRandom } from '../../seeded';
import { compareText } from '../../text';
import type { ExportInput } from '../export-input';
import { junkReason, normaliseText } from '../gates/junk';
import { groupBy } from '../source';

export const SFT_SELECT_MODES = ['top_per_prompt', 'top_k_overall', 'random_per_prompt', 'random_k_overall'] as const;
export type SftSelectMode = (typeof SFT_SELECT_MODES)[number];

export interface SftSelectOptions {
  /** Rows wanted (default 1000). */
  target?: number;
  select?: SftSelectMode;
  /** Most rows per prompt for the per-prompt modes (default: no cap). */
  k?: number;
  /** Rows below this reward are never selected (default 1.0: passes only). */
  min_reward?: number;
  seed?: number;
}

export interface SftSelectReport {
  n: number;
  n_eligible: number;
  n_selected: number;
  n_prompts: number;
  n_prompts_selected: number;
  select: SftSelectMode;
  target: number;
  min_reward: number;
  dropped: { junk: number; ungraded: number; below_min_reward: number };
  /** `pass_filter` when every eligible row has the same reward (ranking did nothing), else `ranked`. */
  regime: 'pass_filter' | 'ranked';
  warnings: string[];
}

const byReward = (a: ExportInput, b: ExportInput) =>
  (b.reward ?? 0) - (a.reward ?? 0) || a.row.rollout_index - b.row.rollout_index || compareText(a.row.rollout_id, b.row.rollout_id);

/** A prompt's rows, best first, alternating behaviour signatures so repeats of one trajectory come last. */
function diverseOrder(rows: ExportInput[]): ExportInput[] {
  const bySignature = groupBy([...rows].sort(byReward), (input) => input.row.behavior_signature);
  const ordered: ExportInput[] = [];
  for (let round = 0; ordered.length < rows.length; round++) {
    for (const group of bySignature) if (group[round]) ordered.push(group[round]!);
  }
  return ordered;
}

/** Takes round r of every prompt before round r + 1, so each prompt's best goes in before any prompt's second. */
function roundRobin(perPrompt: ExportInput[][], target: number): ExportInput[] {
  const selected: ExportInput[] = [];
  for (let round = 0; selected.length < target; round++) {
    let took = false;
    for (const rows of perPrompt) {
      const row = rows[round];
      if (!row || selected.length >= target) continue;
      selected.push(row);
      took = true;
    }
    if (!took) break;
  }
  return selected;
}

/** `select_for_sft`: passing, non-junk rows, best per prompt first and varied by behaviour signature. */
export function selectForSft(
  inputs: readonly ExportInput[],
  options: SftSelectOptions = {},
): { selected: ExportInput[]; report: SftSelectReport } {
  const target = options.target ?? 1000;
  const mode = options.select ?? 'top_per_prompt';
  const minReward = options.min_reward ?? 1.0;
  const seed = options.seed ?? 0;
  const dropped = { junk: 0, ungraded: 0, below_min_reward: 0 };
  const eligible: ExportInput[] = [];
  for (const input of inputs) {
    if (junkReason(input)) dropped.junk += 1;
    else if (input.reward === null) dropped.ungraded += 1;
    else if (input.reward < minReward) dropped.below_min_reward += 1;
    else eligible.push(input);
  }
  const promptKey = (input: ExportInput) => normaliseText(input.row.prompt);
  const cap = (rows: ExportInput[]) => (options.k === undefined ? rows : rows.slice(0, options.k));
  let selected: ExportInput[];
  switch (mode) {
    case 'top_per_prompt': {
      const perPrompt = groupBy(eligible, promptKey).map((rows) => cap(diverseOrder(rows)));
      perPrompt.sort((a, b) => byReward(a[0]!, b[0]!) || compareText(promptKey(a[0]!), promptKey(b[0]!)));
      selected = roundRobin(perPrompt, target);
      break;
    }
    case 'top_k_overall':
      selected = [...eligible].sort(byReward).slice(0, target);
      break;
    case 'random_per_prompt': {
      const perPrompt = groupBy(eligible, promptKey).map((rows) =>
        cap(SeededRandom.fromKey(`${seed}:sft:${promptKey(rows[0]!)}`).shuffle([...rows])),
      );
      perPrompt.sort((a, b) => compareText(promptKey(a[0]!), promptKey(b[0]!)));
      selected = roundRobin(new SeededRandom(seed).shuffle(perPrompt), target);
      break;
    }
    case 'random_k_overall':
      selected = new SeededRandom(seed).shuffle([...eligible]).slice(0, target);
      break;
    default: {
      const unknown: never = mode;
      throw new Error(`unknown select mode ${String(unknown)}`);
    }
  }
  const rewards = new Set(eligible.map((input) => input.reward));
  const warnings: string[] = [];
  if (eligible.length === 0) warnings.push(`no row has a reward >= ${minReward}: grade the run, or lower min_reward`);
  if (selected.length < target && eligible.length > 0)
    warnings.push(`${selected.length} rows selected, fewer than the target of ${target}`);
  return {
    selected,
    report: {
      n: inputs.length,
      n_eligible: eligible.length,
      n_selected: selected.length,
      n_prompts: new Set(inputs.map(promptKey)).size,
      n_prompts_selected: new Set(selected.map(promptKey)).size,
      select: mode,
      target,
      min_reward: minReward,
      dropped,
      regime: rewards.size <= 1 ? 'pass_filter' : 'ranked',
      warnings,
    },
  };
}
