import { z } from 'zod';
import { AXES } from '../domain/axes';
import { LabelValue } from '../domain/label';

/** What to train, and the line shapes each offers (the engine's `EXPORT_FORMATS`). */
export const TRAINING_KINDS = ['sft', 'dpo', 'grpo'] as const;
export const TrainingKind = z.enum(TRAINING_KINDS);
export type TrainingKind = z.infer<typeof TrainingKind>;

export const EXPORT_FORMAT_NAMES = ['openai', 'trl', 'dpo-openai', 'dpo-trl', 'dpo-full', 'grpo'] as const;
export const ExportFormatName = z.enum(EXPORT_FORMAT_NAMES);
export type ExportFormatName = z.infer<typeof ExportFormatName>;

export const SPLIT_NAMES = ['train', 'holdout', 'eval'] as const;
export const SplitName = z.enum(SPLIT_NAMES);
export type SplitName = z.infer<typeof SplitName>;

const axisFilter = z.array(z.string().min(1)).min(1);

/**
 * Which rows of a run to export. Every given part narrows the set (they combine with AND): the six axes and the
 * writer match any listed value, `passes_only` keeps rows whose latest grade is a full pass (reward 1), `cell` is
 * a coverage cell (axis -> value), `row_ids` an explicit selection (store ids `run:ordinal` or rollout ids).
 */
export const ExportSelection = z
  .object({
    run_id: z.string().min(1),
    filter: z
      .object({
        tool: axisFilter.optional(),
        rule: axisFilter.optional(),
        stance: axisFilter.optional(),
        world_state: axisFilter.optional(),
        tool_condition: axisFilter.optional(),
        history: axisFilter.optional(),
        writer: axisFilter.optional(),
        /** The latest grade's label source (`conduct`, `judge`, `decision`, `custom`). */
        label_source: axisFilter.optional(),
        judge_name: axisFilter.optional(),
        /** Latest grade: pass (reward >= 0.5), fail, or ungraded. */
        verdict: z
          .array(z.enum(['pass', 'fail', 'ungraded']))
          .min(1)
          .optional(),
        /** The latest human label. */
        label: z.array(LabelValue).min(1).optional(),
      })
      .strict()
      .optional(),
    passes_only: z.boolean().default(false),
    cell: z.partialRecord(z.enum(AXES), z.string()).optional(),
    row_ids: z.array(z.string().min(1)).min(1).max(100_000).optional(),
  })
  .strict();
export type ExportSelection = z.infer<typeof ExportSelection>;
export type ExportSelectionInput = z.input<typeof ExportSelection>;

/** Shares (0..1) of scenarios hashed into holdout and eval; the rest is train. */
export const SplitFractionsInput = z
  .object({ holdout: z.number().min(0).max(1).default(0.2), eval: z.number().min(0).max(1).default(0) })
  .strict()
  .refine((value) => value.holdout + value.eval <= 1, 'holdout + eval must not exceed 1');

/**
 * Whether a path (a folder, or a file) is absolute (POSIX `/…`, Windows `C:\…`, `C:/…` or `\\server\share`): a relative
 * one would be resolved against the working directory of whichever process answers (the server), not where the person thinks.
 */
export const isAbsoluteFolder = (path: string): boolean => /^(?:\/|[A-Za-z]:[\\/]|\\\\)/.test(path.trim());

/** The sentence for a relative export folder, naming the field's value. */
export const relativeFolderMessage = (path: string): string =>
  `“${path.trim()}” is a relative path: type the full path of the export folder, starting with / (e.g. /home/ana/exports), ` +
  'or it would land wherever the server was started.';

/** The sentence for a relative decontamination file, naming the path typed. */
export const relativeEvalFileMessage = (path: string): string =>
  `“${path.trim()}” is a relative path: type the full path of the file to decontaminate against, starting with / ` +
  '(e.g. /home/ana/benchmarks/prompts.jsonl), or it would be read wherever the server was started.';

export const DecontaminationSource = z
  .object({
    /** Other runs whose holdout and eval rows (same fractions) must not be trained on. */
    runs: z.array(z.string().min(1)).default([]),
    /**
     * JSONL files (a public benchmark's prompts, chat rows or `{"id","task_id","prompt"}` lines), as full paths on the
     * machine that exports (a CLI resolves its own relative paths first).
     */
    files: z
      .array(
        z
          .string()
          .min(1)
          .refine(isAbsoluteFolder, { error: (issue) => relativeEvalFileMessage(String(issue.input)) }),
      )
      .default([]),
  })
  .strict();

/** An export destination folder: a full path on the machine that writes it (a CLI resolves its own relative paths first). */
const absoluteFolder = z
  .string()
  .min(1)
  .refine(isAbsoluteFolder, { error: (issue) => relativeFolderMessage(String(issue.input)) });

export const ExportDestination = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('folder'), folder: absoluteFolder }).strict(),
  z
    .object({
      kind: z.literal('hub'),
      repo_id: z.string().min(1),
      /** Private unless the user says otherwise. */
      visibility: z.enum(['private', 'public']).default('private'),
      /** The Hub's address (default https://huggingface.co, or $HF_ENDPOINT). */
      endpoint: z.string().url().optional(),
      /** Where the files are written before the push (default a folder under the data folder). */
      folder: absoluteFolder.optional(),
    })
    .strict(),
  z.object({ kind: z.literal('environment'), folder: absoluteFolder, name: z.string().min(1).optional() }).strict(),
]);
export type ExportDestination = z.infer<typeof ExportDestination>;

export const ExportRequest = z
  .object({
    selection: ExportSelection,
    format: ExportFormatName.default('openai'),
    splits: z.array(SplitName).min(1).default(['train', 'holdout']),
    fractions: SplitFractionsInput.default({ holdout: 0.2, eval: 0 }),
    decontaminate: DecontaminationSource.default({ runs: [], files: [] }),
    destination: ExportDestination,
    /** SFT: `assistant` trains every assistant turn, `final` only the last. */
    mask_mode: z.enum(['assistant', 'final']).default('assistant'),
    /** On: a failed gate refuses the file. Off: writes and reports. */
    validate: z.boolean().default(true),
    /**
     * SFT and DPO: off (default), each file carries only its format's documented columns and the grade, provenance and
     * lineage go to `data/<split>.meta.jsonl` beside it, keyed by line number; on, they go into the lines themselves.
     */
    with_metadata: z.boolean().default(false),
  })
  .strict();
export type ExportRequest = z.infer<typeof ExportRequest>;
export type ExportRequestInput = z.input<typeof ExportRequest>;

/** One reason rows did not reach the file: which gate, how many, and why in words. */
export const GateDrop = z.object({ gate: z.string(), n: z.number().int().nonnegative(), reason: z.string() });
export type GateDrop = z.infer<typeof GateDrop>;

export const SplitCount = z.object({ split: SplitName, rows: z.number().int().nonnegative(), lines: z.number().int().nonnegative() });

export const ExportPreview = z.object({
  /** Read before any number. */
  warnings: z.array(z.string()),
  n_selected: z.number().int().nonnegative(),
  /** Rows labelled `simulator_error`: never trained on. */
  simulator_errors_excluded: z.number().int().nonnegative(),
  /** Selected rows whose scenario hashes into holdout or eval: evaluation rows, kept out of train. */
  evaluation_rows: z.number().int().nonnegative(),
  /** Tool-calling rows that would go out without tool schemas. */
  tool_rows_without_schemas: z.number().int().nonnegative(),
  splits: z.array(SplitCount),
  dropped: z.array(GateDrop),
  /** Lines that would be written, over every split. */
  n_lines: z.number().int().nonnegative(),
  /** When no line would be written: why, and the fix (the export writes nothing and refuses). */
  nothing_to_write: z.string().optional(),
  /**
   * The rows read for the files by their latest grade, counted by `exports.preview` (absent from a finished export's
   * report): `failing` graded below a full pass (reward < 1: what "passes only" leaves out), `ungraded` with no grade.
   * `train` counts the train split alone; null when no train split is written by this request (an environment package
   * splits its tasks itself).
   */
  grades: z
    .object({
      failing: z.number().int().nonnegative(),
      ungraded: z.number().int().nonnegative(),
      train: z.object({ failing: z.number().int().nonnegative(), ungraded: z.number().int().nonnegative() }).nullable(),
    })
    .optional(),
});
export type ExportPreview = z.infer<typeof ExportPreview>;

export const ExportJob = z.object({ job_id: z.string(), run_id: z.string().nullable() });
export type ExportJob = z.infer<typeof ExportJob>;

export const HubPushResult = z.object({
  repo_id: z.string(),
  url: z.string(),
  /** The commit this push made: `load_dataset(repo, revision=commit)` loads exactly this push. */
  commit: z.string(),
  visibility: z.enum(['private', 'public']),
  created: z.boolean(),
  files: z.array(z.string()),
  delta: z.record(z.string(), z.object({ added: z.number().int(), removed: z.number().int(), n_rows: z.number().int() })),
  message: z.string(),
});
export type HubPushResult = z.infer<typeof HubPushResult>;

/** One stored export or push (the `exports` table). */
export const ExportRecord = z.object({
  id: z.number().int(),
  run_id: z.string().nullable(),
  destination: z.enum(['folder', 'hub', 'environment']),
  format: z.string(),
  /** The folder, or the Hub repository id. */
  location: z.string(),
  n_rows: z.number().int().nonnegative(),
  /** For a push: the commit id, to pin a later load. */
  commit: z.string().nullable(),
  warnings: z.array(z.string()),
  created_at: z.string(),
  /** A folder export's files, relative and `/`-separated (an empty split has none); absent on records stored before. */
  files: z.array(z.string()).optional(),
});
export type ExportRecord = z.infer<typeof ExportRecord>;

/** A folder to look into before exporting there: which of the files an export writes are already on disk. */
export const FolderFilesInput = z
  .object({
    folder: absoluteFolder,
    /** `dataset`: data/<split>.jsonl, README.md and the push manifest; `environment`: an RL environment package's files. */
    kind: z.enum(['dataset', 'environment']).default('dataset'),
    /** The environment package's name (default: the folder's name, as the export names it). */
    name: z.string().min(1).optional(),
  })
  .strict();
export type FolderFilesInput = z.infer<typeof FolderFilesInput>;

export const FolderFiles = z.object({
  /** The folder as the machine that answers resolves it. */
  folder: z.string(),
  exists: z.boolean(),
  /** Export files already in the folder, relative and `/`-separated, in the order an export writes them (none when it does not exist). */
  files: z.array(z.string()),
});
export type FolderFiles = z.infer<typeof FolderFiles>;

export const ExportFormatInfo = z.object({ format: ExportFormatName, kind: TrainingKind, label: z.string(), description: z.string() });

export const exportsMethods = {
  /** The formats the dialog offers, with the names shown to a person. */
  'exports.formats': { input: z.object({}).strict(), output: z.array(ExportFormatInfo) },
  /** Counts and every warning, before anything is written: a dry run of the same gates. */
  'exports.preview': { input: ExportRequest, output: ExportPreview },
  /** Starts the export as a job; progress arrives as `job-progress` events (kind `export`, then `push`). */
  'exports.start': { input: ExportRequest, output: ExportJob },
  'exports.cancel': { input: z.object({ job_id: z.string().min(1) }).strict(), output: z.object({ cancelled: z.boolean() }) },
  /** Pushes a dataset folder (as `exports.start` writes it) to the Hub as one commit. */
  'exports.push': {
    input: z
      .object({
        folder: absoluteFolder,
        repo_id: z.string().min(1),
        visibility: z.enum(['private', 'public']).default('private'),
        endpoint: z.string().url().optional(),
      })
      .strict(),
    output: ExportJob,
  },
  /** Which export files a folder already holds, read from the disk (a path that is a file is an error). */
  'exports.folderFiles': { input: FolderFilesInput, output: FolderFiles },
  'exports.list': {
    input: z.object({ run_id: z.string().min(1).optional(), limit: z.number().int().min(1).max(500).default(100) }).strict(),
    output: z.array(ExportRecord),
  },
} as const;
