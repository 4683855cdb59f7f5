import { round4 } from '../../../shared/domain/rounding';
import { DIFFICULTY_BAND } from '../constants';
import { type ExportInput, isPass } from '../export-input';
import { isTruncated, junkReason, normaliseText } from '../gates/junk';
import { LeakGate } from '../gates/leak-gate';
import { groupBy, type RowStream } from '../source';
import { difficultyWarnings } from './rl-difficulty';
import { type Calibration, faultKind, type RlGroup, rlGroupId, takeWholeGroups } from './rl-groups';

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

type Dropped = RlSelectReport['dropped'];

/** The options as one ask is judged by them, defaults filled. */
interface AskRules {
  lo: number;
  hi: number;
  enforceBand: boolean;
  minK: number;
  truncated: 'drop' | 'keep' | 'penalize';
  dedupe: boolean;
}

/** The rollouts of an ask that passed the gates, with the reward each counts with. */
interface ScreenedAsk {
  calibration: Calibration;
  rewards: { input: ExportInput; reward: number }[];
  penalized: number;
}

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
  const rules: AskRules = {
    lo: options.lo ?? DIFFICULTY_BAND[0],
    hi: options.hi ?? DIFFICULTY_BAND[1],
    enforceBand: options.enforce_band ?? true,
    minK: options.min_k ?? 2,
    truncated: options.truncated ?? 'drop',
    dedupe: options.dedupe !== false,
  };
  const leaks = new LeakGate();
  const dropped: Dropped = {
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
  const counts = { rows: 0, asks: 0, penalized: 0 };
  const candidates: RlGroup[] = [];
  for await (const scenarioRows of scenarios as AsyncIterable<readonly ExportInput[]>) {
    counts.rows += scenarioRows.length;
    for (const ask of groupBy(scenarioRows, (input) => normaliseText(input.row.prompt))) {
      counts.asks += 1;
      const screened = screenAsk(ask, leaks, rules, dropped);
      counts.penalized += screened.penalized;
      const group = askGroup(screened, rules, dropped);
      if (group) candidates.push(group);
    }
  }
  const order = options.order ?? 'spread';
  const target = options.target ?? 1000;
  const groups = takeWholeGroups(candidates, target, order);
  dropped.over_target_groups = candidates.length - groups.length;
  return { groups, report: selectionReport(groups, counts, rules, dropped, { order, target }) };
}

/** Drops an ask's leaking, junk, duplicate, truncated (unless kept) and ungraded rollouts, after calibrating it. */
function screenAsk(ask: readonly ExportInput[], leaks: LeakGate, rules: AskRules, dropped: Dropped): ScreenedAsk {
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
  const rewards: ScreenedAsk['rewards'] = [];
  let penalized = 0;
  for (const input of clean) {
    const fingerprint = `${input.row.behavior_signature}\n${normaliseText(input.row.final_text)}`;
    if (rules.dedupe && seen.has(fingerprint)) {
      dropped.duplicates += 1;
      continue;
    }
    seen.add(fingerprint);
    if (isTruncated(input.row) && rules.truncated === 'drop') {
      dropped.truncated += 1;
      continue;
    }
    if (input.reward === null) {
      dropped.ungraded += 1;
      continue;
    }
    const penalize = isTruncated(input.row) && rules.truncated === 'penalize';
    if (penalize) penalized += 1;
    rewards.push({ input, reward: penalize ? 0 : input.reward });
  }
  return { calibration, rewards, penalized };
}

/** The ask as a candidate group, unless it is unanimous or its measured pass rate is outside the band. */
function askGroup({ calibration, rewards }: ScreenedAsk, rules: AskRules, dropped: Dropped): RlGroup | undefined {
  if (rewards.length === 0) return undefined;
  const k = rewards.length;
  const n1 = rewards.filter((entry) => isPass(entry.reward)).length;
  const n0 = k - n1;
  if (k >= rules.minK && (n0 === 0 || n1 === 0)) {
    dropped.unanimous_groups += 1;
    dropped.unanimous_rows += k;
    return undefined;
  }
  // The band reads the pass rate the grader measured (k >= 2, before dedupe); a single stays unmeasured (SDK).
  if (rules.enforceBand && calibration.k >= 2 && (calibration.pass_rate < rules.lo || calibration.pass_rate > rules.hi)) {
    if (calibration.pass_rate > rules.hi) dropped.too_easy_groups += 1;
    else dropped.too_hard_groups += 1;
    return undefined;
  }
  const mean = rewards.reduce((total, entry) => total + entry.reward, 0) / k;
  const variance = rewards.reduce((total, entry) => total + (entry.reward - mean) ** 2, 0) / k;
  const first = rewards[0]!.input;
  return {
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
  };
}

function selectionReport(
  groups: readonly RlGroup[],
  counts: { rows: number; asks: number; penalized: number },
  rules: AskRules,
  dropped: Dropped,
  taking: Pick<RlSelectReport, 'order' | 'target'>,
): RlSelectReport {
  const { lo, hi, enforceBand } = rules;
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
    `kept ${rowsKept} of ${counts.rows} rows (${groups.length} of ${counts.asks} asks)`,
    `band [${lo}, ${hi}]: ${dropped.too_easy_groups} asks too easy, ${dropped.too_hard_groups} too ` +
      `hard${enforceBand ? '' : ' (not enforced)'}`,
    `${dropped.unanimous_groups} unanimous asks (${dropped.unanimous_rows} rows), ${dropped.duplicates} duplicates, ` +
      `${dropped.truncated} truncated dropped, ${counts.penalized} penalized`,
    `${dropped.privileged_leaks} privileged leaks and ${dropped.junk} junk rows dropped first`,
  ];
  return {
    n_rows: counts.rows,
    n_groups: counts.asks,
    n_groups_kept: groups.length,
    n_rows_kept: rowsKept,
    band: [lo, hi],
    enforce_band: enforceBand,
    order: taking.order,
    target: taking.target,
    dropped,
    penalized: counts.penalized,
    singles,
    lines,
    warnings,
  };
}
