import { z } from 'zod';
import { RunStatus, RunSummary } from '../domain/run';

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

export const runsMethods = {
  'runs.list': { input: RunsListInput, output: RunsListOutput },
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
