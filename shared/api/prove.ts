import { z } from 'zod';
import { AXES } from '../domain/axes';
import { HEADLINES } from '../domain/prove-headlines';

/** One side of a before/after comparison: a run's graded rows, or an uploaded JSONL file. */
export const ProveSource = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('run'),
    run_id: z.string().min(1),
    /** The axis whose value is a row's task category (default the tool it is about). */
    category_axis: z.enum(AXES).default('tool'),
  }),
  z.object({
    kind: z.literal('jsonl'),
    name: z.string().trim().min(1).max(500),
    /** Lines of {"task_id", "category", "pass": 0|1} or "reward" (pass when >= 0.5), optional "eval_run". */
    text: z.string().max(100_000_000),
  }),
]);
export type ProveSource = z.input<typeof ProveSource>;

export const Headline = z.enum(HEADLINES);

const rate = z.number().nullable();

/** One line of the forest plot: pass@1 before and after, the paired difference and its 95% interval. */
export const ProveLine = z.object({
  category: z.string(),
  n_tasks: z.number().int().nonnegative(),
  before: rate,
  after: rate,
  delta: rate,
  ci_low: rate,
  ci_high: rate,
  p_value: rate,
  headline: Headline,
  paired: z.boolean(),
  low_n: z.boolean(),
  noise_band: rate,
});
export type ProveLine = z.infer<typeof ProveLine>;

export const HoldoutSize = z.object({
  n_tasks: z.number().int().nullable(),
  task_std: z.number(),
  sd_source: z.enum(['rows', 'given', 'model']),
  half_width: z.number().nullable(),
  n_tasks_concentrated: z.number().nullable(),
  base_spread: z.number().nullable(),
  n_paired: z.number().nullable(),
  saturated: z.boolean(),
  n_tasks_low: z.number().nullable(),
  n_tasks_high: z.number().nullable(),
  n_tasks_range_method: z.enum(['chi_square', 'gain_spread', 'none']),
  notes: z.array(z.string()),
  warnings: z.array(z.string()),
  effect: z.number(),
  base: z.number(),
  k: z.number(),
  power: z.number(),
  alpha: z.number(),
});

export const ProveReport = z.object({
  categories: z.array(ProveLine),
  overall: ProveLine,
  warnings: z.array(z.string()),
  min_category_tasks: z.number().int(),
  holdout_size: HoldoutSize,
  detectable_effect: z.number().nullable(),
  seed: z.number().int(),
  draws: z.number().int(),
});
export type ProveReport = z.infer<typeof ProveReport>;

export const ProveSide = z.object({
  /** The run name or file name. */
  label: z.string(),
  n_records: z.number().int().nonnegative(),
  n_tasks: z.number().int().nonnegative(),
  /** Distinct eval runs; 1 when the side names none. */
  eval_runs: z.number().int().nonnegative(),
  /** Rows of a run that carry no grade yet, left out of the report. */
  n_ungraded: z.number().int().nonnegative(),
  /** Rows of a run a person marks simulator_error, left out of the report. */
  n_simulator_errors: z.number().int().nonnegative(),
});

export const ProveReportInput = z
  .object({
    before: ProveSource,
    after: ProveSource,
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .default(0),
    /** The gain holdout_size plans for, in pass-rate units (default 0.05). */
    effect: z.number().gt(0).max(1).optional(),
  })
  .strict();

/** The `prove.*` methods of the contract. */
export const proveMethods = {
  /** The held-out before/after report per task category (paired, seeded bootstrap, sign-flip p, headline). */
  'prove.report': {
    input: ProveReportInput,
    output: z.object({
      report: ProveReport,
      before: ProveSide,
      after: ProveSide,
      /** One sentence when the headline needs one (an INCONCLUSIVE gain: why, and how to get PASS). */
      explanation: z.string().nullable(),
    }),
  },
} as const;
