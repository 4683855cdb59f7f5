import { z } from 'zod';
import { Axis } from '../domain/axes';
import { Run, RunConfig, RunSource, RunStatus, RunSummary } from '../domain/run';
import { BatchRecord, SimulationSummary } from '../domain/simulation';

export const RunsListInput = z
  .object({
    limit: z.number().int().min(1).max(500).default(100),
    offset: z.number().int().min(0).default(0),
  })
  .strict();

const RunRef = z.object({ run_id: z.string().min(1) }).strict();

/** A stretch with no rollout in flight longer than this is taken for time the run sat stopped (seconds). */
export const STOPPED_GAP_SECONDS = 60;

/**
 * How long a stopped run was running, read from what is stored: from its Start (`created_at`) to its end
 * (`updated_at`), less every stretch of over STOPPED_GAP_SECONDS with no rollout in flight, each row's rollout being
 * in flight over [created_at - duration_ms, created_at]. The store keeps no record of when a run was stopped and
 * resumed (a lease is deleted when its writer stops), so a pause is known only as such a stretch: a shorter pause is
 * counted as running, and a writer model planning one batch for over a minute (nothing in flight meanwhile) would be
 * left out as stopped.
 */
export const RunActiveTime = z.object({
  /** Stored rows the stretches are read from (every segment's, before and after each resume). */
  rows: z.number().int().nonnegative(),
  /** Seconds from Start to the end less `stopped_seconds`. */
  active_seconds: z.number().nonnegative(),
  /** Seconds in stretches of over STOPPED_GAP_SECONDS with no rollout in flight. */
  stopped_seconds: z.number().nonnegative(),
  /** How many such stretches (each pause before a resume is one). */
  stopped_stretches: z.number().int().nonnegative(),
});
export type RunActiveTime = z.infer<typeof RunActiveTime>;

/** A run with what it has done so far: the batches land as they finish, the summary at the end. */
export const RunDetail = z.object({
  run: Run,
  summary: SimulationSummary.nullable(),
  batches: z.array(BatchRecord),
  /** `runs.get` and `runs.watch` give it for a stopped run with stored rows; null while it runs; absent from an older app. */
  active_time: RunActiveTime.nullable().optional(),
});
export type RunDetail = z.infer<typeof RunDetail>;

export const RunsStartInput = z
  .object({
    config: RunConfig,
    /** Warnings the person read when the spec was drafted; kept on the run so they stay above its numbers. */
    warnings: z.array(z.string().min(1).max(2000)).max(50).optional(),
  })
  .strict();

/**
 * A config as an editor holds it: the spec is checked by the pre-flight, not at the boundary, so a spec with
 * problems still gets its checks (each at a field path) instead of one refusal.
 */
export const PreflightConfig = RunConfig.extend({
  source: z.union([RunSource.options[0], z.object({ kind: z.literal('spec'), spec: z.unknown() })]),
});

export const PREFLIGHT_CHECK_IDS = [
  /** The spec does not validate (an issue at a field). */
  'spec_invalid',
  /** The spec validates with something worth reading. */
  'spec_warning',
  /** The sentence could not be drafted, or drafted with a warning. */
  'draft',
  /** The spec declares no tools. */
  'no_tools',
  /** A tool looks records up by id but no id the writer can use exists: every lookup would be "not found". */
  'no_known_ids',
  /** A model spec that does not parse (models use the colon form, provider:model). */
  'model_spec',
  /** A hosted model with no key in the environment or the app's stored keys. */
  'model_key',
  /** One model in two roles. */
  'same_model',
  /** A command agent that does not start, or answers off the protocol, when sent one small turn. */
  'agent_start',
  /** budget < situations x phrasings x repeats. */
  'budget_short',
  /** until="saturation" with a budget below planned cells x SATURATION_COPIES. */
  'saturation_budget_short',
  /** A temperature outside the agent's provider's range (Anthropic: 0 to 1). */
  'model_temperature',
  /** One 1-token call per model failed: a refused key, no credit, a 404 (a base URL without /v1) block; a server down or busy warns. */
  'model_probe',
] as const;

export const PreflightCheck = z.object({
  id: z.enum(PREFLIGHT_CHECK_IDS),
  /** Errors block Start; warnings do not. */
  level: z.enum(['error', 'warning']),
  message: z.string(),
  /** The field to fix: `budget`, `models.judge`, `source.spec.tools.2`, ... */
  path: z.string().optional(),
});
export type PreflightCheck = z.infer<typeof PreflightCheck>;

export const PreflightOutput = z.object({
  checks: z.array(PreflightCheck),
  /** The planned grid; null when the spec does not validate. */
  grid: z
    .object({
      cells: z.number().int().nonnegative(),
      pairs_planned: z.number().int().nonnegative(),
      /** Values per axis, every axis present. */
      axis_sizes: z.record(Axis, z.number().int().nonnegative()),
    })
    .nullable(),
});
export type PreflightOutput = z.infer<typeof PreflightOutput>;

/** Who writes a run now, read from its lease (migration 009). */
export const RunWriter = z.object({
  /** `this_app`: this app's own worker (its progress arrives as events); `elsewhere`: another process (`wai simulate`, a second app). */
  where: z.enum(['this_app', 'elsewhere']),
  /** What the writer is: "wai simulate", "While Studio in browser mode". */
  program: z.string(),
  pid: z.number().int(),
  host: z.string(),
  this_machine: z.boolean(),
  /** `live`: a recent heartbeat; `stale`: none for more than 10 s; `gone`: its process no longer exists on this machine. */
  state: z.enum(['live', 'stale', 'gone']),
  /** Whole seconds since the writer's last heartbeat. */
  heartbeat_seconds_ago: z.number().int().nonnegative(),
});
export type RunWriter = z.infer<typeof RunWriter>;

/** A run in the list with who writes it now (null when no process holds its lease), read for the whole page at once. */
export const RunListItem = RunSummary.extend({ writer: RunWriter.nullable() });
export type RunListItem = z.infer<typeof RunListItem>;

export const RunsListOutput = z.object({
  runs: z.array(RunListItem),
  total: z.number().int().nonnegative(),
});
export type RunsListOutput = z.infer<typeof RunsListOutput>;

/**
 * What moves whenever any run is added, removed or written (its status, rows, end) by any process, or a grade lands
 * (pass rates): compare it with the one a page came with to know whether the page is still what the store holds.
 * Opaque; equal tokens mean no run has changed.
 */
export const RunsChangeToken = z.string().min(1);

/** The pace of a run another process writes, from the stamps of the rows it stored since it took the run. */
export const RunPace = z.object({
  /** Rows stored since the writer took the run (counted over its latest 100 rows at most). */
  rows_counted: z.number().int().nonnegative(),
  rows_per_second: z.number().nonnegative(),
  /** (budget - rows_done) / rate; null until 5 rows have landed under this writer. */
  seconds_left: z.number().nonnegative().nullable(),
});
export type RunPace = z.infer<typeof RunPace>;

/** A run as stored now, with its writer and, when another process writes it, its pace (polled about once a second). */
export const RunWatch = RunDetail.extend({ writer: RunWriter.nullable(), pace: RunPace.nullable() });
export type RunWatch = z.infer<typeof RunWatch>;

export const runsMethods = {
  'runs.list': { input: RunsListInput, output: RunsListOutput },
  /**
   * The runs' change token: the Runs list reads it just before its page (a write in between moves the next token),
   * then asks for it every few seconds and reads the page again only when it moved.
   */
  'runs.changes': {
    input: z.object({}).strict(),
    /** `listed` moves only when a run is added or removed or changes status (not with its rows or grades). */
    output: z.object({ changes: RunsChangeToken, listed: RunsChangeToken }),
  },
  'runs.get': { input: RunRef, output: RunDetail },
  /** The run as stored now with who writes it: the Run view polls it while another process writes the run. */
  'runs.watch': { input: RunRef, output: RunWatch },
  /** Drafts the spec when the source is a sentence, stores the run and starts it. */
  'runs.start': { input: RunsStartInput, output: Run },
  /** What would go wrong before a run starts: spec issues, unusable ids, one model in two roles, a short budget. */
  'runs.preflight': { input: z.object({ config: PreflightConfig }).strict(), output: PreflightOutput },
  'runs.cancel': { input: RunRef, output: Run },
  /** Continues a cancelled, interrupted or failed run from its stored rows. */
  'runs.resume': { input: RunRef, output: Run },
} as const;

/** Pushed while a run makes progress (at most a few times a second, and after every batch). */
export const RunProgress = z.object({
  run_id: z.string(),
  status: RunStatus,
  rows_done: z.number().int().nonnegative(),
  budget: z.number().int().nonnegative(),
  rows_per_second: z.number().nonnegative(),
  /** Estimated from the rate so far; null until a few rows have landed. */
  seconds_left: z.number().nonnegative().nullable(),
  lost: z.number().int().nonnegative(),
  /** The batch that just finished, when this event marks one. */
  batch: BatchRecord.nullable(),
});
export type RunProgress = z.infer<typeof RunProgress>;

export const RunEnd = z.object({
  run_id: z.string(),
  status: RunStatus,
  stopped_because: z.string().nullable(),
});
export type RunEnd = z.infer<typeof RunEnd>;
