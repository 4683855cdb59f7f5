import { z } from 'zod';
import { AXES, Dimensions } from '../domain/axes';
import { Run, RunSource } from '../domain/run';

export const TRACE_FORMATS = ['otlp_genai', 'otlp_openinference', 'jsonl'] as const;
export const TraceFormat = z.enum(TRACE_FORMATS);

/** A trace file as the person picked it: its name (for messages) and its text. */
export const TraceFileInput = z
  .object({
    name: z.string().trim().min(1).max(500),
    text: z.string().max(200_000_000, 'a trace file over 200 MB: split it'),
  })
  .strict();

/** One import: the files read together in one transaction. */
export const TraceImport = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  /** Traces stored by this import (those already stored by an earlier one are skipped). */
  n_rows: z.number().int().nonnegative(),
  /** `rows`: traces read from the file; `already_imported`: of those, how many were already stored and skipped. */
  files: z.array(
    z.object({
      file: z.string(),
      format: TraceFormat,
      rows: z.number().int().nonnegative(),
      already_imported: z.number().int().nonnegative().optional(),
    }),
  ),
  /** Named model versions, oldest first. */
  model_versions: z.array(z.string()),
  warnings: z.array(z.string()),
});
export type TraceImport = z.infer<typeof TraceImport>;

/**
 * What an import did. A trace whose id and content are already stored is skipped, so importing a file twice (or an
 * export overlapping an earlier one) counts nothing twice. When nothing was new no import is stored (`stored`
 * false) and `id` / `name` are those of the import already holding most of the traces.
 */
export const TraceImportResult = TraceImport.extend({
  stored: z.boolean(),
  /** Traces read from the files. */
  n_read: z.number().int().nonnegative(),
  n_already_imported: z.number().int().nonnegative(),
  /** New traces whose id matches a stored trace with other content: kept, and named in `warnings`. */
  n_conflicts: z.number().int().nonnegative(),
  /** One sentence: "Imported 30 traces", "12 new, 18 already imported", "30 traces already imported, 0 new". */
  message: z.string(),
});
export type TraceImportResult = z.infer<typeof TraceImportResult>;

/** See engine/traces failure-map.ts for what each status means. */
export const CELL_STATUSES = ['new', 'persistent', 'improving', 'failing', 'uncertain', 'stopped_failing', 'passing', 'ungraded'] as const;
export const CellStatus = z.enum(CELL_STATUSES);
export type CellStatus = z.infer<typeof CellStatus>;

const count = z.number().int().nonnegative();
export const VersionCount = z.object({ traces: count, graded: count, failures: count });

/** One situation of the failure map: tool x tool condition x world state. */
export const FailureCell = VersionCount.extend({
  key: z.string(),
  tool: z.string(),
  tool_condition: z.string(),
  world_state: z.string(),
  faulted: count,
  fail_rate: z.number().min(0).max(1).nullable(),
  current: VersionCount,
  previous: VersionCount.nullable(),
  status: CellStatus,
  priority: z.number().min(0),
  is_weak: z.boolean(),
  low_support: z.boolean(),
});
export type FailureCell = z.infer<typeof FailureCell>;

export const FailureMap = z.object({
  import_ids: z.array(z.string()),
  n_traces: count,
  n_graded: count,
  n_failures: count,
  n_faulted: count,
  versions: z.array(VersionCount.extend({ version: z.string().nullable(), first_seen_ms: z.number().nullable() })),
  /** The "after" version: chosen (traces.compare), else the one seen last. */
  current_version: z.string().nullable(),
  /** The "before" version: chosen, else the one seen before the last. */
  previous_version: z.string().nullable(),
  compares_versions: z.boolean(),
  /** The pair compared was chosen in this data folder (and both versions are in the traces). */
  versions_chosen: z.boolean(),
  cells: z.array(FailureCell),
  /** Every value seen on each of the six axes, with its counts. */
  axes: z.record(z.enum(AXES), z.array(VersionCount.extend({ value: z.string() }))),
  warnings: z.array(z.string()),
});
export type FailureMap = z.infer<typeof FailureMap>;

/** An imported trace as a list shows it. */
export const TraceSummary = z.object({
  id: z.string(),
  import_id: z.string(),
  conversation_id: z.string(),
  source_file: z.string(),
  prompt: z.string(),
  final_text: z.string(),
  reward: z.number().min(0).max(1).nullable(),
  model_version: z.string().nullable(),
  started_at: z.string().nullable(),
  dimensions: Dimensions,
  tools: z.array(z.string()),
  faults: z.array(z.string()),
  n_steps: count,
});
export type TraceSummary = z.infer<typeof TraceSummary>;

const ImportIds = z.array(z.string().min(1)).max(500).optional();

export const TracesAimInput = z
  .object({
    /** Imports to aim at; default every import. */
    import_ids: ImportIds,
    /** Cell keys to aim at; default every weak cell. */
    cells: z.array(z.string().min(1)).max(500).optional(),
    /** The agent's spec; default one read off the traces (their tools, ids and record shapes). */
    source: RunSource.optional(),
    name: z.string().trim().min(1).max(200).optional(),
    budget: z.number().int().min(1).max(1_000_000).default(200),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .default(0),
    /** Share of the grid kept for broad coverage, 0.2..0.6. */
    exploration: z.number().min(0.2).max(0.6).default(0.2),
  })
  .strict();

export const AimSummary = z.object({
  regions: z.array(
    z.object({
      key: z.string(),
      tool: z.string(),
      tool_condition: z.string(),
      world_state: z.string(),
      status: CellStatus,
      share: z.number(),
    }),
  ),
  steering_weight: z.number(),
  n_sources: count,
  warnings: z.array(z.string()),
});
export type AimSummary = z.infer<typeof AimSummary>;

const VersionName = z.string().trim().min(1).max(500);

/** The before and after model versions to compare; both null goes back to the default (the two seen last). */
export const TracesCompareInput = z
  .object({ before_version: VersionName.nullable(), after_version: VersionName.nullable(), import_ids: ImportIds })
  .strict()
  .refine((input) => (input.before_version === null) === (input.after_version === null), {
    message: 'choose both the before and the after version, or neither',
    path: ['after_version'],
  });

/** The `traces.*` methods of the contract. */
export const tracesMethods = {
  /** Reads the files in one transaction: a malformed file imports nothing, and the error names file, line or span, field. */
  'traces.import': {
    input: z
      .object({
        files: z.array(TraceFileInput).min(1, 'choose at least one trace file').max(100),
        reward_keys: z.array(z.string().min(1)).max(20).optional(),
      })
      .strict(),
    output: TraceImportResult,
  },
  'traces.list': { input: z.object({}).strict(), output: z.object({ imports: z.array(TraceImport) }) },
  'traces.delete': { input: z.object({ import_id: z.string().min(1) }).strict(), output: z.object({ deleted: z.boolean() }) },
  /** Which situations fail, which are new since the previous model version, which stopped failing. */
  /** Versions compared: the pair chosen with traces.compare (kept in the data folder), else the two seen last. */
  'traces.map': { input: z.object({ import_ids: ImportIds }).strict(), output: FailureMap },
  /** Chooses (and keeps, per data folder) the before and after model versions the map compares; returns the map. */
  'traces.compare': { input: TracesCompareInput, output: FailureMap },
  'traces.rows': {
    input: z
      .object({
        import_ids: ImportIds,
        /** A failure-map cell key; default every trace. */
        cell: z.string().min(1).optional(),
        limit: z.number().int().min(1).max(500).default(50),
        offset: z.number().int().min(0).default(0),
      })
      .strict(),
    output: z.object({ rows: z.array(TraceSummary), total: count }),
  },
  /** "Aim a run here": starts a run steered at the weak cells; generated near copies of a trace are dropped. */
  'traces.aim': { input: TracesAimInput, output: z.object({ run: Run, aim: AimSummary }) },
} as const;
