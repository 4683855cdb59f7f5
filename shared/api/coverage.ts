import { z } from 'zod';
import { Axis, Dimensions } from '../domain/axes';
import { PairsAccounting } from '../domain/pairs-accounting';
import { PairwiseCoverage, Run, RunStatus } from '../domain/run';

const count = z.number().int().nonnegative();
const RunRef = z.object({ run_id: z.string().min(1) }).strict();

export const CoverageMatrixInput = z
  .object({ run_id: z.string().min(1), x: Axis, y: Axis })
  .strict()
  .refine((input) => input.x !== input.y, { message: 'choose two different axes', path: ['y'] });

/** One square of a heatmap: a value of axis x met with a value of axis y. */
export const CoverageCell = z.object({
  x: z.string(),
  y: z.string(),
  /** The pair is in the run's planned grid (after the cold-start success flip). */
  planned: z.boolean(),
  /** False when the pair can never occur (an unrelated ask meets no record and no fault): there is nothing to fill. */
  feasible: z.boolean(),
  rows: count,
  /** Rows whose latest grade has reward < 0.5. */
  failing: count,
  /** Rows whose latest grade has a reward. */
  graded: count,
});
export type CoverageCell = z.infer<typeof CoverageCell>;

/** Warnings come first: they are shown above every number. */
export const CoverageMatrix = z.object({
  warnings: z.array(z.string()),
  degraded: z.array(z.string()),
  run_id: z.string(),
  x: Axis,
  y: Axis,
  /** The spec's values in axis order, then any value rows carry that the spec does not declare. */
  x_values: z.array(z.string()),
  y_values: z.array(z.string()),
  /** Every x value met with every y value, y-major (row by row of the heatmap). */
  cells: z.array(CoverageCell),
  /** For this pair of axes only: planned pairs of their values, how many rows covered, covered / planned. */
  pairwise: PairwiseCoverage,
  n_rows: count,
});
export type CoverageMatrix = z.infer<typeof CoverageMatrix>;

export const AxisPairCoverage = PairwiseCoverage.extend({ x: Axis, y: Axis });
export type AxisPairCoverage = z.infer<typeof AxisPairCoverage>;

export const AxisValueCount = z.object({
  value: z.string(),
  rows: count,
  /** Some planned cell carries the value. */
  planned: z.boolean(),
  /** The spec's axis lists the value (probes and imports can carry others). */
  declared: z.boolean(),
});

export const AxisCounts = z.object({ axis: Axis, values: z.array(AxisValueCount) });
export type AxisCounts = z.infer<typeof AxisCounts>;

/** Policy coverage: what no row exercises, and the engine's `coverage_gap` over the run's prompts. */
export const PolicyGap = z.object({
  /** Rule-axis values (clauses) no row was planned on. */
  rules_without_rows: z.array(z.string()),
  /** Declared tools no row was planned on. */
  tools_without_rows: z.array(z.string()),
  n_asks: count,
  n_rules_total: count,
  rules_truncated: z.boolean(),
  /** Clauses of the system prompt no prompt's words reach (SDK `coverage_gap`). */
  untested_rules: z.array(z.string()),
  untested_tools: z.array(z.string()),
  /** Each names its fix. */
  notes: z.array(z.string()),
  summary: z.string(),
});
export type PolicyGap = z.infer<typeof PolicyGap>;

export const CoverageSummary = z.object({
  warnings: z.array(z.string()),
  degraded: z.array(z.string()),
  run_id: z.string(),
  run_name: z.string(),
  run_status: RunStatus,
  /** Set when the run is itself aimed at a cell. */
  aim: Dimensions.partial().nullable(),
  n_rows: count,
  n_graded: count,
  n_failing: count,
  /** `coverage.pairwise` over the six axes: plain arithmetic over the stored rows. */
  pairwise: PairwiseCoverage,
  /** Where every pair of the spec's axis values went when the run's grid was planned, and why some are not planned. */
  pairs_accounting: PairsAccounting,
  /** The same figures for each of the 15 pairs of axes, in axis order. */
  axis_pairs: z.array(AxisPairCoverage),
  axes: z.array(AxisCounts),
  cells_planned: count,
  /** Planned cells (full six-axis coordinates) no row landed in. */
  cells_unvisited: count,
  gap: PolicyGap,
});
export type CoverageSummary = z.infer<typeof CoverageSummary>;

/** Most rows a "fill this cell" run may ask for from this screen; a full run starts from New run. */
export const FILL_BUDGET_MAX = 1000;
export const FILL_BUDGET_DEFAULT = 24;

export const CoverageFillInput = z
  .object({
    run_id: z.string().min(1),
    aim: Dimensions.partial()
      .strict()
      .refine((aim) => Object.values(aim).some((value) => value !== undefined), 'aim at one axis value at least'),
    budget: z.number().int().min(1).max(FILL_BUDGET_MAX).default(FILL_BUDGET_DEFAULT),
  })
  .strict();
export type CoverageFillInput = z.input<typeof CoverageFillInput>;

/** The `coverage.*` methods of the contract. */
export const coverageMethods = {
  'coverage.matrix': { input: CoverageMatrixInput, output: CoverageMatrix },
  'coverage.summary': { input: RunRef, output: CoverageSummary },
  /**
   * "Fill this cell": starts a run with the stored spec and settings of `run_id`, aimed at the given axis values,
   * with its own (small) budget. Returns the new run.
   */
  'coverage.fill': { input: CoverageFillInput, output: Run },
} as const;
