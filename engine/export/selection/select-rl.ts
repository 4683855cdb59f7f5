import { round4 } from '../../../shared/domain/rounding';
import { shortHash } from '../../seeded';
import { DIFFICULTY_BAND, DIFFICULTY_BAND_ROLLOUTS } from '../constants';
import { type ExportInput, isPass } from '../export-input';
import { isTruncated, junkReason, normaliseText } from '../gates/junk';
import { LeakGate } from '../gates/leak-gate';
import { groupBy, type RowStream } from '../source';

export interface RlSelectOptions {
  /** Rows wanted (default 1000); whole groups are taken, so the last one may overshoot. */
  target?: number;
  lo?: number;
  hi?: number;
  enforce_band?: boolean;
  dedupe?: boolean;
  truncated?: 'drop' | 'keep' | 'penalize';
  /** `spread` cycles through pass rates within a fault kind; `middle` takes the rates nearest 0.5 first. */
  order?: 'spread' | 'middle';
  /** Smallest k at which an all-pass or all-fail group counts as unanimous (default 2; singles always stay). */
  min_k?: number;
}

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

export interface RlSelectReport {
  n_rows: number;
  n_groups: number;
  n_groups_kept: number;
  n_rows_kept: number;
  band: [number, number];
  enforce_band: boolean;
  order: 'spread' | 'middle';
  target: number;
  dropped: {
    privileged_leaks: number;
    junk: number;
    duplicates: number;
    truncated: number;
    ungraded: number;
    unanimous_groups: number;
    unanimous_rows: number;
    too_easy_groups: number;
    too_hard_groups: number;
    over_target_groups: number;
  };
  penalized: number;
  /** Asks kept with one graded rollout: their difficulty is unmeasured, so the band could not judge them (they stay). */
  singles: number;
  /** The report as sentences, for the export dialog. */
  lines: string[];
  warnings: string[];
}

/** Plus or minus this (95%, at a pass rate of one half) is how far a pass rate measured from k rollouts can be off. */
export const bandUncertainty = (k: number): number => Math.round(1.96 * Math.sqrt(0.25 / k) * 100) / 100;

function faultKind(rows: readonly ExportInput[]): string {
  const kinds = new Set<string>();
  for (const input of rows)
    for (const message of input.row.messages) if (message.role === 'tool' && message.fault) kinds.add(message.fault);
  return kinds.size === 0 ? 'none' : [...kinds].sort().join('+');
}

export const rlGroupId = (scenarioId: string, prompt: string): string => shortHash(`${scenarioId}\n${normaliseText(prompt)}`, 16);

/**
 * `select_for_rl` over groups of rows (feed each scenario's rows together, e.g. a stream sorted by scenario):
 * within each ask it drops privileged leaks, junk, duplicate trajectories and truncated rows, then drops
 * unanimous asks and asks whose measured pass rate is outside the band, and takes whole asks round-robin across
 * observed fault kinds until the row target is met. Only one scenario's rows are held at a time.
 */
export async function selectForRl(
  scenarios: RowStream<readonly ExportInput[]>,
  options: RlSelectOptions = {},
): Promise<{ groups: RlGroup[]; report: RlSelectReport }> {
  const lo = options.lo ?? DIFFICULTY_BAND[0];
  const hi = options.hi ?? DIFFICULTY_BAND[1];
  const enforceBand = options.enforce_band ?? true;
  const minK = options.min_k ?? 2;
  const truncatedMode = options.truncated ?? 'drop';
  const order = options.order ?? 'spread';
  const target = options.target ?? 1000;
  const leaks = new LeakGate();
  const dropped: RlSelectReport['dropped'] = {
    privileged_leaks: 0,
    junk: 0,
    duplicates: 0,
    truncated: 0,
    ungraded: 0,
    unanimous_groups: 0,
    unanimous_rows: 0,
    too_easy_groups: 0,
    too_hard_groups: 0,
    over_target_groups: 0,
  };
  let nRows = 0;
  let nGroups = 0;
  let penalized = 0;
  const candidates: RlGroup[] = [];

  for await (const scenarioRows of scenarios as AsyncIterable<readonly ExportInput[]>) {
    nRows += scenarioRows.length;
    for (const ask of groupBy(scenarioRows, (input) => normaliseText(input.row.prompt))) {
      nGroups += 1;
      const clean: ExportInput[] = [];
      for (const input of ask) {
        if (leaks.check(input)) dropped.privileged_leaks += 1;
        else if (junkReason(input)) dropped.junk += 1;
        else clean.push(input);
      }
      const graded = clean.filter((input) => input.reward !== null);
      const calibration: Calibration = {
        pass_rate: graded.length === 0 ? 0 : round4(graded.filter((input) => isPass(input.reward)).length / graded.length),
        k: graded.length,
        n: ask.length,
        policy: [...new Set(ask.map((input) => input.row.agent_model))].sort().join('+'),
      };
      const seen = new Set<string>();
      const rewards: { input: ExportInput; reward: number }[] = [];
      for (const input of clean) {
        const fingerprint = `${input.row.behavior_signature}\n${normaliseText(input.row.final_text)}`;
        if (options.dedupe !== false && seen.has(fingerprint)) {
          dropped.duplicates += 1;
          continue;
        }
        seen.add(fingerprint);
        if (isTruncated(input.row) && truncatedMode === 'drop') {
          dropped.truncated += 1;
          continue;
        }
        if (input.reward === null) {
          dropped.ungraded += 1;
          continue;
        }
        const penalize = isTruncated(input.row) && truncatedMode === 'penalize';
        if (penalize) penalized += 1;
        rewards.push({ input, reward: penalize ? 0 : input.reward });
      }
      if (rewards.length === 0) continue;
      const k = rewards.length;
      const n1 = rewards.filter((entry) => isPass(entry.reward)).length;
      const n0 = k - n1;
      if (k >= minK && (n0 === 0 || n1 === 0)) {
        dropped.unanimous_groups += 1;
        dropped.unanimous_rows += k;
        continue;
      }
      // The band reads the pass rate the grader measured (k >= 2, before dedupe); a single stays unmeasured (SDK).
      if (enforceBand && calibration.k >= 2 && (calibration.pass_rate < lo || calibration.pass_rate > hi)) {
        if (calibration.pass_rate > hi) dropped.too_easy_groups += 1;
        else dropped.too_hard_groups += 1;
        continue;
      }
      const mean = rewards.reduce((total, entry) => total + entry.reward, 0) / k;
      const variance = rewards.reduce((total, entry) => total + (entry.reward - mean) ** 2, 0) / k;
      const first = rewards[0]!.input;
      candidates.push({
        group_id: rlGroupId(first.row.situation.scenario_id, first.row.prompt),
        scenario_id: first.row.situation.scenario_id,
        first,
        rollout_ids: rewards.map((entry) => entry.input.row.rollout_id),
        k,
        n0,
        n1,
        reward_mean: round4(mean),
        reward_std: round4(Math.sqrt(variance)),
        pass_rate: round4(n1 / k),
        fault_kind: faultKind(rewards.map((entry) => entry.input)),
        calibration,
      });
    }
  }

  const groups = takeWholeGroups(candidates, target, order);
  dropped.over_target_groups = candidates.length - groups.length;
  const rowsKept = groups.reduce((total, group) => total + group.k, 0);
  const singles = groups.filter((group) => group.calibration.k < 2).length;
  const warnings = difficultyWarnings(groups, singles);
  if (groups.length === 0) {
    // The cause a person can act on comes first: rows without a grade cannot be grouped at all.
    const ungraded = `${dropped.ungraded} ${dropped.ungraded === 1 ? 'row is' : 'rows are'} ungraded`;
    if (dropped.ungraded > 0) warnings.unshift(`${ungraded}: grade the run before a GRPO export (no ask survived the gates)`);
    else warnings.unshift('no ask survived the gates: RL needs asks the agent sometimes passes and sometimes fails');
  }
  const lines = [
    `kept ${rowsKept} of ${nRows} rows (${groups.length} of ${nGroups} asks)`,
    `band [${lo}, ${hi}]: ${dropped.too_easy_groups} asks too easy, ${dropped.too_hard_groups} too hard${enforceBand ? '' : ' (not enforced)'}`,
    `${dropped.unanimous_groups} unanimous asks (${dropped.unanimous_rows} rows), ${dropped.duplicates} duplicates, ${dropped.truncated} truncated dropped, ${penalized} penalized`,
    `${dropped.privileged_leaks} privileged leaks and ${dropped.junk} junk rows dropped first`,
  ];
  return {
    groups,
    report: {
      n_rows: nRows,
      n_groups: nGroups,
      n_groups_kept: groups.length,
      n_rows_kept: rowsKept,
      band: [lo, hi],
      enforce_band: enforceBand,
      order,
      target,
      dropped,
      penalized,
      singles,
      lines,
      warnings,
    },
  };
}

/** The middle value of a sorted list (the lower middle for an even count, so it is always a rollout count). */
const median = (sorted: readonly number[]): number => sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;

/**
 * How far the kept asks' difficulty can be trusted, from their own rollout counts: the spread of k over the asks
 * measured (k >= 2) and how many asks were never measured (one graded rollout, kept as the SDK keeps singles).
 */
function difficultyWarnings(groups: readonly RlGroup[], singles: number): string[] {
  const warnings: string[] = [];
  const ks = groups
    .map((group) => group.calibration.k)
    .filter((k) => k >= 2)
    .sort((a, b) => a - b);
  const least = ks[0];
  if (least !== undefined && least < DIFFICULTY_BAND_ROLLOUTS) {
    const most = ks[ks.length - 1]!;
    const typical = median(ks);
    const spread = least === most ? `${least} rollouts per task` : `${least} to ${most} rollouts per task (median ${typical})`;
    const asks = ks.length === groups.length ? '' : ` for ${ks.length} of the ${groups.length} asks kept`;
    warnings.push(
      `Difficulty was measured from ${spread}${asks}, so a task's band assignment can be off by about ±${bandUncertainty(typical)}. ` +
        `Use repeats=${DIFFICULTY_BAND_ROLLOUTS} for a band you can trust.`,
    );
  }
  if (singles > 0) {
    const which =
      singles === groups.length
        ? singles === 1
          ? 'The ask kept has'
          : `All ${singles} asks kept have`
        : `${singles} of the ${groups.length} asks kept ${singles === 1 ? 'has' : 'have'}`;
    warnings.push(
      `${which} a single graded rollout, so ${singles === 1 ? 'its' : 'their'} difficulty is unmeasured and the band could not filter ${singles === 1 ? 'it' : 'them'}: ` +
        `simulate again with repeats of 2 or more (${DIFFICULTY_BAND_ROLLOUTS} for a band you can trust) and grade the new run.`,
    );
  }
  return warnings;
}

/** Round-robin across fault kinds (sorted), within a kind by pass rate; whole groups until `target` rows. */
function takeWholeGroups(candidates: readonly RlGroup[], target: number, order: 'spread' | 'middle'): RlGroup[] {
  const byId = (a: RlGroup, b: RlGroup) => (a.group_id < b.group_id ? -1 : a.group_id > b.group_id ? 1 : 0);
  const kinds = groupBy(
    [...candidates].sort((a, b) => (a.fault_kind < b.fault_kind ? -1 : a.fault_kind > b.fault_kind ? 1 : 0)),
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
