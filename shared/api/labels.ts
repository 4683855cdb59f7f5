import { z } from 'zod';
import { Label, LabelKind, LabelValue } from '../domain/label';
import { ExportedFile } from './agreement';

export const LABELS_FORMATS = ['jsonl', 'csv'] as const;
export const LabelsFormat = z.enum(LABELS_FORMATS);

/** A label as stored: the domain label plus its id and run. A person's latest label on a row is the one that counts. */
export const StoredLabel = Label.extend({
  id: z.number().int(),
  run_id: z.string(),
});
export type StoredLabel = z.infer<typeof StoredLabel>;

const Note = z.string().max(10_000).nullable().optional();

export const LabelsSetInput = z
  .object({
    row_id: z.string().min(1),
    label: LabelValue,
    note: Note,
    kind: LabelKind.default('human'),
  })
  .strict();

export const LabelsSetManyInput = z
  .object({
    row_ids: z.array(z.string().min(1)).min(1).max(10_000),
    label: LabelValue,
    note: Note,
    kind: LabelKind.default('human'),
  })
  .strict();

export const LabelsListInput = z
  .object({
    run_id: z.string().min(1).optional(),
    row_id: z.string().min(1).optional(),
    /** Only each author's latest label per row (and every unauthored one): the labels that count. */
    latest_only: z.boolean().default(false),
  })
  .strict()
  .refine((input) => (input.run_id === undefined) !== (input.row_id === undefined), { error: 'give exactly one of run_id or row_id' });

export const LabelsImportInput = z
  .object({
    run_id: z.string().min(1),
    format: LabelsFormat,
    /** The file's text: JSONL objects or CSV with a header (row_id or rollout_id, label, author, kind, note, created_at). */
    text: z.string().max(64 * 1024 * 1024),
    /** Author for lines that name none (else they stay unauthored: gold nobody signed is unmeasured). */
    author: z.string().trim().min(1).max(200).optional(),
    /** Kind for lines that name none. */
    kind: LabelKind.default('human'),
  })
  .strict();

/** What an import did (the engine's attach_labels report). */
export const LabelsImportReport = z.object({
  labels: z.number().int().nonnegative(),
  matched: z.number().int().nonnegative(),
  unmatched: z.number().int().nonnegative(),
  unmatched_keys: z.array(z.string()),
  rows_labeled: z.number().int().nonnegative(),
  ties: z.number().int().nonnegative(),
  authors: z.array(z.string()),
  warnings: z.array(z.string()),
});

/** The file written by labels.export and the CLI: one line per stored label, oldest first. */
export const LABEL_EXPORT_COLUMNS = ['row_id', 'rollout_id', 'label', 'author', 'kind', 'note', 'created_at'] as const;

const AnnotatorName = z.object({ name: z.string().nullable() });

export const labelsMethods = {
  /** Stores one label the moment it is given, stamped with the annotator's name as author. */
  'labels.set': { input: LabelsSetInput, output: z.object({ label: StoredLabel, warnings: z.array(z.string()) }) },
  /** One label on many rows (a coverage cell, a table selection), in one transaction: all or none. */
  'labels.set_many': { input: LabelsSetManyInput, output: z.object({ n: z.number().int().nonnegative(), warnings: z.array(z.string()) }) },
  /** Labels of a run or of a row, oldest first. */
  'labels.list': { input: LabelsListInput, output: z.object({ labels: z.array(StoredLabel) }) },
  /** Reads a labels file and attaches it to the run's rows: all or nothing, errors name their lines. */
  'labels.import': { input: LabelsImportInput, output: z.object({ stored: z.number().int().nonnegative(), report: LabelsImportReport }) },
  /** Every label of a run as a file (LABEL_EXPORT_COLUMNS). */
  'labels.export': { input: z.object({ run_id: z.string().min(1), format: LabelsFormat }).strict(), output: ExportedFile },
  /** The name stamped on every label this person gives (settings key `annotator.name`). */
  'labels.annotator.get': { input: z.object({}).strict(), output: AnnotatorName },
  /** Sets (or, with null, clears) the annotator's name. */
  'labels.annotator.set': { input: z.object({ name: z.string().trim().min(1).max(200).nullable() }).strict(), output: AnnotatorName },
} as const;
