import { z } from 'zod';
import { WriterArm } from './situation';
import { PairwiseCoverage } from './run';

/** Why a run stopped (`stopped_because`). */
export const STOP_REASONS = [
  'budget',
  'situations_exhausted',
  'tasks_done',
  'agent_failed',
  'saturation',
  'writer_exhausted',
  'cancelled',
  'writer_quota_exceeded',
  'writer_auth_failed',
  'agent_quota_exceeded',
  'agent_auth_failed',
  'user_quota_exceeded',
  'user_auth_failed',
] as const;
export const StopReason = z.enum(STOP_REASONS);
export type StopReason = z.infer<typeof StopReason>;

export const ArmShares = z.record(WriterArm, z.number());

/** One batch of the search: how the budget was split and what it found. */
export const BatchRecord = z.object({
  batch: z.number().int().nonnegative(),
  rows: z.number().int().nonnegative(),
  /** Shares the batch was allocated with. */
  arm_weights: ArmShares,
  /** Rows each arm produced this batch. */
  arm_rows: ArmShares,
  /** New behaviour signatures + new cells per row, per arm that ran. */
  arm_yield: z.partialRecord(WriterArm, z.number()),
  new_cells: z.number().int().nonnegative(),
  new_signatures: z.number().int().nonnegative(),
  pairwise: PairwiseCoverage,
});
export type BatchRecord = z.infer<typeof BatchRecord>;

/** `data.search`: how the run searched, batch by batch, and what went wrong on the way. */
export const SearchRecord = z.object({
  batches: z.array(BatchRecord),
  arm_weights: ArmShares,
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
  tier_mix: z.object({ hard_share_requested: z.number(), hard_share_realized: z.number().nullable(), counts: z.record(z.string(), z.number()) }),
  ended_on_question: z.object({ n: z.number().int().nonnegative(), user_left: z.number().int().nonnegative() }),
  grid: z.object({ cells: z.number().int().nonnegative(), flipped: z.number().int().nonnegative() }),
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
});
export type CoverageSummary = z.infer<typeof CoverageSummary>;

/** What `simulate` returns besides the rows: SimulationData without them. */
export const SimulationSummary = z.object({
  rows: z.number().int().nonnegative(),
  stopped_because: StopReason,
  degraded: z.array(z.string()),
  warnings: z.array(z.string()),
  coverage: CoverageSummary,
  search: SearchRecord,
});
export type SimulationSummary = z.infer<typeof SimulationSummary>;
