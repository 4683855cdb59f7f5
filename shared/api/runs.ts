import { z } from 'zod';
import { Run, RunConfig, RunStatus, RunSummary } from '../domain/run';
import { SimulationSummary } from '../domain/simulation';

export const RunsListInput = z
  .object({
    limit: z.number().int().min(1).max(500).default(100),
    offset: z.number().int().min(0).default(0),
  })
  .strict();

export const RunsListOutput = z.object({
  runs: z.array(RunSummary),
  total: z.number().int().nonnegative(),
});
export type RunsListOutput = z.infer<typeof RunsListOutput>;

const RunRef = z.object({ run_id: z.string().min(1) }).strict();

export const RunDetail = z.object({ run: Run, summary: SimulationSummary.nullable() });
export type RunDetail = z.infer<typeof RunDetail>;

export const runsMethods = {
  'runs.list': { input: RunsListInput, output: RunsListOutput },
  'runs.get': { input: RunRef, output: RunDetail },
  /** Drafts the spec when the source is a sentence, stores the run and starts it. */
  'runs.start': { input: z.object({ config: RunConfig }).strict(), output: Run },
  'runs.cancel': { input: RunRef, output: Run },
  /** Continues a cancelled, interrupted or failed run from its stored rows. */
  'runs.resume': { input: RunRef, output: Run },
} as const;

/** Pushed while a run makes progress. */
export const RunProgress = z.object({
  run_id: z.string(),
  status: RunStatus,
  rows_done: z.number().int().nonnegative(),
  budget: z.number().int().nonnegative(),
  rows_per_second: z.number().nonnegative(),
});
export type RunProgress = z.infer<typeof RunProgress>;

export const RunEnd = z.object({
  run_id: z.string(),
  status: RunStatus,
  stopped_because: z.string().nullable(),
});
export type RunEnd = z.infer<typeof RunEnd>;
