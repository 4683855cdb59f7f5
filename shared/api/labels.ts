import { z } from 'zod';
import { Adjudication, Label, LabelKind, LabelValue, SettledValue } from '../domain/label';
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
    /** Given with every judge's verdict hidden (the Label view in blind mode); leave it out when nobody knows. */
    blind: z.boolean().optional(),
  })
  .strict();

/** A settlement as stored: its id and run. */
export const StoredAdjudication = Adjudication.extend({ id: z.number().int(), run_id: z.string() });
export type StoredAdjudication = z.infer<typeof StoredAdjudication>;

export const LabelsAdjudicateInput = z
  .object({
    row_id: z.string().min(1),
    label: SettledValue,
    note: Note,
  })
  .strict();

export const LabelsUndoInput = z.object({ label_id: z.number().int().positive() }).strict();

export const LabelsUndoOutput = z.object({
  /** The label taken back (kept in the store's history of undone labels). */
  undone: StoredLabel,
  /** What its author's label on the row is now: their label before it, or null. */
  current: LabelValue.nullable(),
});
export type LabelsUndoOutput = z.infer<typeof LabelsUndoOutput>;

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

/**
 * Labeling queue orders: `generated` (plan order), `disagreements` (rows whose judge verdict and gold differ
 * first), `unsure` (the judge's unsure rows first, then rows it could not judge, then rewards nearest 0.5),
 * `stratified` (round-robin across the six-axis coverage cells, so gold covers the grid), `conflicts` (rows whose
 * annotators disagree, pass against fail, and nobody settled first).
 */
export const LABEL_QUEUE_ORDERS = ['generated', 'disagreements', 'unsure', 'stratified', 'conflicts'] as const;
export const LabelQueueOrder = z.enum(LABEL_QUEUE_ORDERS);
export type LabelQueueOrder = z.infer<typeof LabelQueueOrder>;

/**
 * The moment a queue's order was computed: the newest label and grade ids it read. Pages asked with the same
 * snapshot keep one order while labels land (a new label never moves a row to another page).
 */
export const QueueSnapshot = z
  .object({
    label_id: z.number().int().nonnegative(),
    grade_id: z.number().int().nonnegative(),
    /** The newest settlement read (0 for none). */
    adjudication_id: z.number().int().nonnegative().default(0),
  })
  .strict();
export type QueueSnapshot = z.infer<typeof QueueSnapshot>;

export const LabelsQueueInput = z
  .object({
    run_id: z.string().min(1),
    order: LabelQueueOrder.default('generated'),
    /** Leave the judge's verdict out of the items (the person labels before seeing it). */
    blind: z.boolean().default(false),
    /** The judge whose verdicts order the queue (a key `name@version` or a name); default: the judge that graded the run last. */
    judge: z.string().min(1).optional(),
    /** From the first page's answer: later pages keep its order. */
    snapshot: QueueSnapshot.optional(),
    /**
     * Count the queue too (`counts`, `first_unlabelled`). Later pages of one snapshot can pass false and get null
     * there: at 100,000 rows each count is a scan, and the first page already gave them.
     */
    summary: z.boolean().default(true),
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(1000).default(200),
  })
  .strict();
export type LabelsQueueInput = z.input<typeof LabelsQueueInput>;

export const QUEUE_JUDGE_VERDICTS = ['pass', 'fail', 'unsure', 'error', 'ungraded'] as const;

export const QueueItem = z.object({
  row_id: z.string(),
  ordinal: z.number().int().nonnegative(),
  /** 0-based place in the queue's order. */
  position: z.number().int().nonnegative(),
  /** The annotator's own latest label on the row (by author; unsigned labels when no name is set). */
  label: LabelValue.nullable(),
  /** The queue's judge on the row; null in blind mode. */
  judge: z.enum(QUEUE_JUDGE_VERDICTS).nullable(),
});
export type QueueItem = z.infer<typeof QueueItem>;

const QueueCount = z.number().int().nonnegative();

export const LabelsQueueOutput = z.object({
  run_id: z.string(),
  order: LabelQueueOrder,
  /** The judge ordering the queue; null when nothing graded the run. */
  judge_key: z.string().nullable(),
  annotator: z.string().nullable(),
  snapshot: QueueSnapshot,
  offset: QueueCount,
  items: z.array(QueueItem),
  /** Rows of the run (every row is in the queue, labelled or not). */
  total: QueueCount,
  /** Place of the first row the annotator has not labelled (any label, skip included); null when every row is, or without `summary`. */
  first_unlabelled: QueueCount.nullable(),
  /** Null when the page was asked without `summary`. */
  counts: z
    .object({
      /** Rows the annotator labelled, and their latest labels by value. */
      labelled: QueueCount,
      by_label: z.record(LabelValue, QueueCount),
      /** Rows with gold: the settled label, else the pass or fail every annotator agrees on. */
      gold: QueueCount,
      /** Rows whose annotators disagree (pass against fail) and nobody settled: waiting for adjudication. */
      conflicts: QueueCount.default(0),
      /** Rows whose judge verdict differs from their gold (simulator errors left out). */
      disagreements: QueueCount,
      /** Rows the judge marked unsure. */
      unsure: QueueCount,
      /** Distinct six-axis coverage cells the run's rows fall in. */
      cells: QueueCount,
    })
    .nullable(),
});
export type LabelsQueueOutput = z.infer<typeof LabelsQueueOutput>;

export const labelsMethods = {
  /** Stores one label the moment it is given, stamped with the annotator's name as author. */
  'labels.set': { input: LabelsSetInput, output: z.object({ label: StoredLabel, warnings: z.array(z.string()) }) },
  /** Takes back one stored label (the undo of the Label view): it moves to the store's history of undone labels. */
  'labels.undo': { input: LabelsUndoInput, output: LabelsUndoOutput },
  /** Settles a row's gold (pass or fail), signed with the annotator's name; every label stays as it was. */
  'labels.adjudicate': { input: LabelsAdjudicateInput, output: z.object({ adjudication: StoredAdjudication }) },
  /** One label on many rows (a coverage cell, a table selection), in one transaction: all or none. */
  'labels.set_many': { input: LabelsSetManyInput, output: z.object({ n: z.number().int().nonnegative(), warnings: z.array(z.string()) }) },
  /** The labeling queue: a page of the run's row ids in one order, with the annotator's labels and the counts. */
  'labels.queue': { input: LabelsQueueInput, output: LabelsQueueOutput },
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
