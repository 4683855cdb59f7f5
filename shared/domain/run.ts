import { z } from 'zod';
import { Dimensions } from './axes';
import { Spec } from './spec';

export const MODES = ['explore', 'sft', 'rl'] as const;

/** A model per role; an absent role uses the built-in offline default, and the run says so. */
export const RoleModels = z.object({
  agent: z.string().min(1).optional(),
  simulator: z.string().min(1).optional(),
  user_model: z.string().min(1).optional(),
  judge: z.string().min(1).optional(),
});
export type RoleModels = z.infer<typeof RoleModels>;

export const RunSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('describe'), sentence: z.string().trim().min(3, 'describe the behaviour in a sentence') }),
  z.object({ kind: z.literal('spec'), spec: Spec }),
]);

export const RunConfig = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  source: RunSource,
  models: RoleModels.default({}),
  /** Row cap (DEFAULT_BUDGET 1000). */
  budget: z.number().int().min(1).max(1_000_000).default(1000),
  seed: z.number().int().min(0).max(2 ** 31 - 1).default(0),
  mode: z.enum(MODES).default('explore'),
  /** N distinct worlds; unset lets the grid decide. */
  situations: z.number().int().min(1).optional(),
  /** n wordings of one world. */
  phrasings: z.number().int().min(1).max(64).default(1),
  /** k independent rollouts of one wording. */
  repeats: z.number().int().min(1).max(64).default(1),
  /** Keep share of fault-tagged grid cells, not a per-call rate (DEFAULT_FAULT_RATE 0.5). */
  fault_rate: z.number().min(0).max(1).default(0.5),
  /** Flip nine in ten fault cells to success on a cold start. */
  prefer_success: z.boolean().default(true),
  /**
   * Fix one or more axis values in every planned cell ("fill this cell"): the covering array spans the other
   * axes and the writers keep these values or stand down. Each value must be one of the spec's axis values.
   */
  aim: Dimensions.partial().strict().optional(),
  /** A previous run's task set (`tasks=`): re-run exactly its situations and prompts, e.g. with another agent. */
  replay_of: z.string().min(1).optional(),
  concurrency: z.number().int().min(1).max(256).default(8),
  /** Model agents: each turn keeps its summed log-probability and token count; `tokens` keeps the per-token list too. */
  logprobs: z.union([z.boolean(), z.literal('tokens')]).optional(),
  /** Model agents' sampling temperature (LOCAL_MODEL_TEMPERATURE 0.8 when unset); dropped for models that refuse it. */
  temperature: z.number().min(0).max(2).optional(),
  /** Seconds one model call may take before it counts as an agent error (default 300). */
  timeout: z.number().positive().max(3600).optional(),
});
export type RunConfig = z.infer<typeof RunConfig>;
export type RunConfigInput = z.input<typeof RunConfig>;

export const RUN_STATUSES = ['queued', 'running', 'completed', 'cancelled', 'failed', 'interrupted'] as const;
export const RunStatus = z.enum(RUN_STATUSES);
export type RunStatus = z.infer<typeof RunStatus>;

/** `coverage.pairwise`: plain arithmetic over the rows actually produced. */
export const PairwiseCoverage = z.object({
  pairs_planned: z.number().int().nonnegative(),
  pairs_covered: z.number().int().nonnegative(),
  /** covered / planned to 4 dp; null when nothing was planned. */
  fraction: z.number().min(0).max(1).nullable(),
});
export type PairwiseCoverage = z.infer<typeof PairwiseCoverage>;

export const Run = z.object({
  id: z.string().min(1),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  status: RunStatus,
  config: RunConfig,
  /** The stored spec the run was built from (drafted from the sentence, or given). */
  spec_id: z.string().nullable(),
  rows_done: z.number().int().nonnegative(),
  stopped_because: z.string().nullable(),
  degraded: z.array(z.string()),
  warnings: z.array(z.string()),
  pairwise: PairwiseCoverage.nullable(),
  error: z.string().nullable(),
});
export type Run = z.infer<typeof Run>;

/** A run as the runs list shows it: the stored run plus counts computed in SQL. */
export const RunSummary = Run.extend({
  n_graded: z.number().int().nonnegative(),
  n_pass: z.number().int().nonnegative(),
});
export type RunSummary = z.infer<typeof RunSummary>;
