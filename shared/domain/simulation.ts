import { z } from 'zod';
import { WriterArm } from './situation';
import { Mode, ModeSetting, PairwiseCoverage, RepeatPolicy, Until } from './run';

/** Why a run stopped (`stopped_because`). */
export const STOP_REASONS = [
  'budget',
  'situations_exhausted',
  'tasks_done',
  'agent_failed',
  'saturation',
  /** `until="first"`: every planned pair of axis values is covered (the SDK names no reason of its own for it). */
  'pairs_covered',
  'writer_exhausted',
  'cancelled',
  'writer_quota_exceeded',
  'writer_auth_failed',
  'agent_quota_exceeded',
  'agent_auth_failed',
  'user_quota_exceeded',
  'user_auth_failed',
  /** `time_budget` seconds ran out (the SDK's own string for this stop is unconfirmed). */
  'time_budget',
  /** The model writer found nothing new after its last allowed restart (`MAX_NOVELTY_RESTARTS`). */
  'ask_exhausted',
  /** The run's grader (`grader=`) erred or timed out on each of its first rows: its rewards would drive nothing. */
  'grader_failed',
  'judge_quota_exceeded',
  'judge_auth_failed',
] as const;
export const StopReason = z.enum(STOP_REASONS);
export type StopReason = z.infer<typeof StopReason>;

export const ArmShares = z.record(WriterArm, z.number());

const count = z.number().int().nonnegative();

/**
 * `search.model_writer`: what the simulator model wrote for the `llm_guided` arm. Every card the model returned is
 * kept, or dropped as invalid (a value off the spec's axes or the run's plan), a duplicate or a near copy of an
 * earlier ask. A round that keeps nothing is idle; 4 idle rounds restart the writer with a rotated seed.
 */
export const ModelWriterReport = z.object({
  model: z.string(),
  /** Calls to the model, one per batch in which the arm had slots. */
  calls: count,
  /** Situations asked for, and cards the model returned. */
  cards_asked: count,
  cards_written: count,
  kept: count,
  invalid: count,
  duplicates: count,
  near_copies: count,
  idle_rounds: count,
  restarts: count,
  /** Calls the model failed, whose situations the offline template wrote instead (`generator_fallback`). */
  fallbacks: count,
  /** The first few reasons cards were dropped as invalid. */
  invalid_examples: z.array(z.string()),
});
export type ModelWriterReport = z.infer<typeof ModelWriterReport>;

/** One batch of the search: how the budget was split and what it found. */
export const BatchRecord = z.object({
  batch: z.number().int().nonnegative(),
  rows: z.number().int().nonnegative(),
  /** Shares the batch was allocated with. */
  arm_weights: ArmShares,
  /** Rows each arm produced this batch. */
  arm_rows: ArmShares,
  /** Each arm's share of the rows the batch produced: what was spent, beside the weights it was allocated with. */
  arm_shares: ArmShares.optional(),
  /** New behaviour signatures + new cells per row, per arm that ran. */
  arm_yield: z.partialRecord(WriterArm, z.number()),
  new_cells: z.number().int().nonnegative(),
  new_signatures: z.number().int().nonnegative(),
  pairwise: PairwiseCoverage,
  /** The stop rule's figures (SDK 5.4); absent on summaries stored before `until`. */
  new_shapes: z.number().int().nonnegative().optional(),
  space_rate: z.number().nonnegative().optional(),
  plateau_batches: z.number().int().nonnegative().optional(),
});
export type BatchRecord = z.infer<typeof BatchRecord>;

/** What the run's grader did in the loop: the judge, and its grades of the rows this run landed or resumed. */
export const LoopGraderRecord = z.object({
  judge_name: z.string(),
  version: z.string().nullable(),
  rows: z.number().int().nonnegative(),
  /** Graded failures: a reward below 0.5 or a failed rubric criterion. */
  failures: z.number().int().nonnegative(),
  /** Rows the grader gave no reward (it erred or timed out): neither a pass nor a failure. */
  unjudged: z.number().int().nonnegative(),
});
export type LoopGraderRecord = z.infer<typeof LoopGraderRecord>;

/**
 * `coverage.delivered`: what the run delivered of what it was asked (SDK `delivered` checks); a miss is also a
 * warning, shown before any number.
 */
export const DeliveredSummary = z.object({
  rows: z.number().int().nonnegative(),
  /** Rows with a scheduled fault or a faulted tool answer. */
  fault_share: z.number().min(0).max(1).nullable(),
  /** Share of the planned grid cells that keep a fault at this fault rate and success flip. */
  fault_share_planned: z.number().min(0).max(1),
  fault_rate: z.number().min(0).max(1),
  /** Rows whose stance is in a hard tier (ambiguous, boundary, adversarial). */
  hard_share: z.number().min(0).max(1).nullable(),
  hard_share_requested: z.number().min(0).max(1),
  /** User and agent turns per thread. */
  mean_turns: z.number().nonnegative().nullable(),
  /** The avg_turns the person asked for; null when they left the default. */
  avg_turns: z.number().nullable(),
  user_turns_3plus_share: z.number().min(0).max(1).nullable(),
  /** Threads that ended on the agent's question with the person out of turns. */
  missed_followups: z.number().int().nonnegative(),
});
export type DeliveredSummary = z.infer<typeof DeliveredSummary>;

/** `data.search`: how the run searched, batch by batch, and what went wrong on the way. */
export const SearchRecord = z.object({
  batches: z.array(BatchRecord),
  /** The bandit's weights after the last batch. */
  arm_weights: ArmShares,
  /** Rows each arm wrote over the run, and their shares of all rows: what was spent (absent on older runs). */
  arm_rows: ArmShares.optional(),
  arm_shares: ArmShares.optional(),
  writer_errors: z.array(z.string()),
  rollouts: z.object({
    landed: z.number().int().nonnegative(),
    resumed: z.number().int().nonnegative(),
    rerolled: z.number().int().nonnegative(),
    lost: z.number().int().nonnegative(),
    lost_by: z.record(z.string(), z.number().int().nonnegative()),
  }),
  first_agent_error: z.string().nullable(),
  mutation_aims: z.object({ graded_failure: z.number().int().nonnegative(), world_fault: z.number().int().nonnegative() }),
  tier_mix: z.object({
    hard_share_requested: z.number(),
    hard_share_realized: z.number().nullable(),
    counts: z.record(z.string(), z.number()),
  }),
  ended_on_question: z.object({ n: z.number().int().nonnegative(), user_left: z.number().int().nonnegative() }),
  /** The run's grader in the loop (absent: the conduct checks gave the in-loop reward). */
  grader: LoopGraderRecord.optional(),
  grid: z.object({ cells: z.number().int().nonnegative(), flipped: z.number().int().nonnegative() }),
  plateau_batches: z.number().int().nonnegative().optional(),
  min_cell_copies: z.number().int().nonnegative().optional(),
  copy_deficit: z.number().int().nonnegative().optional(),
  copies_needed: z.number().int().positive().optional(),
  uncovered_shapes: z.array(z.string()).optional(),
  /**
   * How the repeat policy spent k (absent before modes were applied): prompts rolled out, prompts that got the rest
   * of their k, and rollouts never spent because a prompt's first ones left nothing to learn.
   */
  /** Present when a simulator model wrote the `llm_guided` arm's situations. */
  model_writer: ModelWriterReport.optional(),
  repeat_groups: z
    .object({
      prompts: z.number().int().nonnegative(),
      topped_up: z.number().int().nonnegative(),
      rollouts_saved: z.number().int().nonnegative(),
    })
    .optional(),
});
export type SearchRecord = z.infer<typeof SearchRecord>;

/** `data.coverage`: grid coverage as arithmetic over the rows produced. */
export const CoverageSummary = z.object({
  pairwise: PairwiseCoverage,
  rows: z.number().int().nonnegative(),
  unique_scenario_ids: z.number().int().nonnegative(),
  unique_cells: z.number().int().nonnegative(),
  unique_signatures: z.number().int().nonnegative(),
  unique_prompts: z.number().int().nonnegative(),
  /** Planned cells (grid coordinates) no row landed in. */
  cells_unvisited: z.number().int().nonnegative(),
  until: Until.optional(),
  saturation: z.boolean().optional(),
  predicted_to_saturation: z.number().int().nonnegative().optional(),
  min_cell_copies: z.number().int().nonnegative().optional(),
  copies_needed: z.number().int().nonnegative().optional(),
  /** The mode the run ran under and the settings it resolved to (SDK names); absent before modes were applied. */
  mode: Mode.optional(),
  repeat_policy: RepeatPolicy.optional(),
  /** n. */
  requests_per_situation: z.number().int().positive().optional(),
  /** k. */
  rollouts_per_request: z.number().int().positive().optional(),
  fault_rate: z.number().min(0).max(1).optional(),
  prefer_success: z.boolean().optional(),
  /** The settings the mode filled because the person left them unset. */
  mode_defaults: z.array(z.union([ModeSetting, z.literal('repeat_policy')])).optional(),
  /** Seconds, when the run had a clock. */
  time_budget: z.number().positive().optional(),
  /** What the run delivered of what it was asked (absent on runs stored before the checks). */
  delivered: DeliveredSummary.optional(),
});
export type CoverageSummary = z.infer<typeof CoverageSummary>;

/** A model agent's log-probabilities over the run's rows, when the run asked for them (`logprobs`). */
export const LogprobCoverage = z.object({
  /** What the run asked for: `true` (summed per turn) or `tokens` (the per-token list too). */
  asked: z.union([z.literal(true), z.literal('tokens')]),
  /** Agent turns in the run's rows. */
  turns: z.number().int().nonnegative(),
  /** Turns that carry a log-probability; the others say null (tool calls only, or a model that returned none). */
  with_logprobs: z.number().int().nonnegative(),
});
export type LogprobCoverage = z.infer<typeof LogprobCoverage>;

/** What `simulate` returns besides the rows: SimulationData without them. */
export const SimulationSummary = z.object({
  rows: z.number().int().nonnegative(),
  stopped_because: StopReason,
  degraded: z.array(z.string()),
  warnings: z.array(z.string()),
  coverage: CoverageSummary,
  search: SearchRecord,
  /** Absent when the run asked for no log-probabilities (or ran no model agent). */
  logprobs: LogprobCoverage.optional(),
});
export type SimulationSummary = z.infer<typeof SimulationSummary>;
