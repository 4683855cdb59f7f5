import { z } from 'zod';
import type { StoredLabel } from '../../../shared/api/labels';
import { LabelKind, LabelValue, type Label } from '../../../shared/domain';
import { statement, type Db } from '../database';

/** The settings key holding the annotator's name (JSON text, like every settings value). */
export const ANNOTATOR_SETTING = 'annotator.name';

interface LabelRecord {
  id: number;
  row_id: string;
  run_id: string;
  label: string;
  kind: string;
  author: string | null;
  note: string | null;
  created_at: string;
  /** 1 made blind, 0 not, NULL not recorded (migration 014). */
  blind: number | null;
}

/** The `blind` column's value for a label: 1, 0, or NULL when nobody recorded it. */
export const blindColumn = (blind: boolean | null | undefined): number | null => (blind == null ? null : blind ? 1 : 0);

function toStoredLabel(record: LabelRecord): StoredLabel {
  return {
    id: record.id,
    run_id: record.run_id,
    row_id: record.row_id,
    label: LabelValue.parse(record.label),
    kind: LabelKind.parse(record.kind),
    author: record.author,
    note: record.note,
    created_at: record.created_at,
    blind: record.blind === null ? null : record.blind === 1,
  };
}

const INSERT = `INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at, blind)
  SELECT @row_id, run_id, @label, @kind, @author, @note, @created_at, @blind FROM rows WHERE id = @row_id`;

const insertParameters = (label: Label) => ({
  row_id: label.row_id,
  label: label.label,
  kind: label.kind,
  author: label.author,
  note: label.note,
  created_at: label.created_at,
  blind: blindColumn(label.blind),
});

/** Appends a label; a person's latest label on a row is the one that counts. Returns its id, or null when the row does not exist. */
export function insertLabel(db: Db, label: Label): number | null {
  const { changes, lastInsertRowid } = statement(db, INSERT).run(insertParameters(label));
  return changes === 1 ? Number(lastInsertRowid) : null;
}

/** Appends labels in one transaction; throws (writing none) when a row does not exist. */
export function insertLabels(db: Db, labels: readonly Label[]): number {
  const insert = statement(db, INSERT);
  return db.transaction(() => {
    for (const label of labels) {
      if (insert.run(insertParameters(label)).changes !== 1)
        throw new Error(`cannot store a label for row ${label.row_id}: there is no such row`);
    }
    return labels.length;
  })();
}

/**
 * Takes a label back: it moves to label_undos (with `undoneAt`) in one transaction, so every read of the latest
 * labels sees the row as before it. Returns the label, or undefined when there is no such label (already undone).
 */
export function undoLabel(db: Db, id: number, undoneAt: string): StoredLabel | undefined {
  return db.transaction(() => {
    const label = getLabel(db, id);
    if (!label) return undefined;
    statement(
      db,
      `INSERT INTO label_undos (id, row_id, run_id, label, kind, author, note, blind, created_at, undone_at)
       SELECT id, row_id, run_id, label, kind, author, note, blind, created_at, ? FROM labels WHERE id = ?`,
    ).run(undoneAt, id);
    statement(db, 'DELETE FROM labels WHERE id = ?').run(id);
    return label;
  })();
}

/** An author's latest label on a row (unsigned labels when `author` is null), or null. */
export function authorLabelOnRow(db: Db, rowId: string, author: string | null): LabelValue | null {
  const record = statement<[string, string | null], { label: string }>(
    db,
    'SELECT label FROM labels WHERE row_id = ? AND author IS ? ORDER BY id DESC LIMIT 1',
  ).get(rowId, author);
  return record === undefined ? null : LabelValue.parse(record.label);
}

export function getLabel(db: Db, id: number): StoredLabel | undefined {
  const record = statement<[number], LabelRecord>(db, 'SELECT * FROM labels WHERE id = ?').get(id);
  return record && toStoredLabel(record);
}

/** Each author's latest label per row plus every unauthored one: the labels that count for gold. */
const CURRENT =
  `(author IS NULL OR id = (SELECT MAX(l2.id) FROM labels l2 WHERE l2.run_id = labels.run_id AND l2.row_id = ` +
  `labels.row_id AND l2.author = labels.author))`;

/** A run's labels, oldest first. */
export function listLabels(db: Db, runId: string, latestOnly = false): StoredLabel[] {
  const sql = `SELECT * FROM labels WHERE run_id = ? ${latestOnly ? `AND ${CURRENT}` : ''} ORDER BY id`;
  return statement<[string], LabelRecord>(db, sql).all(runId).map(toStoredLabel);
}

/** A run's labels up to an id, oldest first, as gold reads them (no id or run id). */
export const RUN_LABELS_UP_TO_SQL = `SELECT row_id, label, kind, author, note, created_at, blind FROM labels
  WHERE run_id = ? AND id <= ? ORDER BY id`;

/**
 * A run's labels with ids up to `newestId`, oldest first, in one object each: agreement.get's first call reads every
 * label of the run (20,800 at 1,000,000 rows), and listLabels then a copy without the ids took twice the time. The
 * values are the store's CHECK constraints' own (label, kind), so they are not parsed again.
 */
export function runLabelsUpTo(db: Db, runId: string, newestId: number): Label[] {
  type Record = Omit<LabelRecord, 'id' | 'run_id'> & { label: LabelValue; kind: LabelKind };
  return statement<[string, number], Record>(db, RUN_LABELS_UP_TO_SQL)
    .all(runId, newestId)
    .map((record) => ({
      row_id: record.row_id,
      label: record.label,
      kind: record.kind,
      author: record.author,
      note: record.note,
      created_at: record.created_at,
      blind: record.blind === null ? null : record.blind === 1,
    }));
}

/** One row's labels, oldest first. */
export function listRowLabels(db: Db, rowId: string, latestOnly = false): StoredLabel[] {
  const sql = `SELECT * FROM labels WHERE row_id = ? ${latestOnly ? `AND ${CURRENT}` : ''} ORDER BY id`;
  return statement<[string], LabelRecord>(db, sql).all(rowId).map(toStoredLabel);
}

/** A run's labels with each row's rollout id, oldest first: what an export writes. */
export function listLabelsForExport(db: Db, runId: string): Array<StoredLabel & { rollout_id: string }> {
  return statement<[string], LabelRecord & { rollout_id: string }>(
    db,
    'SELECT labels.*, rows.rollout_id AS rollout_id FROM labels JOIN rows ON rows.id = labels.row_id WHERE labels.run_id = ? ORDER BY ' +
      'labels.id',
  )
    .all(runId)
    .map((record) => ({ ...toStoredLabel(record), rollout_id: record.rollout_id }));
}

/** The identity a label file may name a row by (no bodies read beyond rollout_index). */
export interface RowIdentity {
  id: string;
  rollout_id: string;
  scenario_id: string;
  rollout_index: number;
}

export function listRowIdentities(db: Db, runId: string): RowIdentity[] {
  return statement<[string], RowIdentity>(
    db,
    "SELECT id, rollout_id, scenario_id, json_extract(body, '$.rollout_index') AS rollout_index FROM rows WHERE run_id = ? ORDER BY " +
      'ordinal',
  ).all(runId);
}

/** The run a row belongs to, or undefined when there is no such row. */
export function runIdOfRow(db: Db, rowId: string): string | undefined {
  return statement<[string], { run_id: string }>(db, 'SELECT run_id FROM rows WHERE id = ?').get(rowId)?.run_id;
}

/** Row ids among `rowIds` that do not exist. */
export function missingRowIds(db: Db, rowIds: readonly string[]): string[] {
  const exists = statement<[string], { one: number }>(db, 'SELECT 1 AS one FROM rows WHERE id = ?');
  return rowIds.filter((id) => exists.get(id) === undefined);
}

const AnnotatorValue = z.string().min(1);

/** The annotator's name from the settings table, or null when unset (or not a name). */
export function getAnnotator(db: Db): string | null {
  const record = statement<[string], { value: string }>(db, 'SELECT value FROM settings WHERE key = ?').get(ANNOTATOR_SETTING);
  if (record === undefined) return null;
  try {
    const parsed = AnnotatorValue.safeParse(JSON.parse(record.value));
    return parsed.success ? parsed.data.trim() || null : null;
  } catch {
    return null;
  }
}

export function setAnnotator(db: Db, name: string | null): void {
  if (name === null) {
    statement(db, 'DELETE FROM settings WHERE key = ?').run(ANNOTATOR_SETTING);
    return;
  }
  statement(db, 'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(
    ANNOTATOR_SETTING,
    JSON.stringify(name),
  );
}

/** A row that carries a label: what agreement pairs need of it. */
export interface LabelledRow {
  id: string;
  scenario_id: string;
  ordinal: number;
}

/**
 * The run's rows that carry at least one label, in row order: index labels_latest, then each row by its key. CROSS
 * JOIN keeps the labels the outer loop; without table statistics the planner would read every row of the run.
 */
export const LABELLED_ROWS = `SELECT r.id AS id, r.scenario_id AS scenario_id, r.ordinal AS ordinal
  FROM (SELECT DISTINCT row_id FROM labels WHERE run_id = @run_id) AS labelled CROSS JOIN rows AS r ON r.id = labelled.row_id
  WHERE r.run_id = @run_id ORDER BY r.ordinal`;

export function listLabelledRows(db: Db, runId: string): LabelledRow[] {
  return statement<{ run_id: string }, LabelledRow>(db, LABELLED_ROWS).all({ run_id: runId });
}

/**
 * The run's rows that carry a label or a settlement, in row order, from the lines migration 021 keeps (labelled_rows):
 * one walk of a small index, where reading them from `rows` read a page of 8 KiB for each.
 */
export const KEPT_LABELLED_ROWS = `SELECT row_id AS id, scenario_id, ordinal FROM labelled_rows WHERE run_id = ? ORDER BY ordinal`;

export function keptLabelledRows(db: Db, runId: string): LabelledRow[] {
  return statement<[string], LabelledRow>(db, KEPT_LABELLED_ROWS).all(runId);
}

/** The newest label id of the store (any run), 0 when there is none. */
export function newestLabelId(db: Db): number {
  return statement<[], { id: number | null }>(db, 'SELECT MAX(id) AS id FROM labels').get()!.id ?? 0;
}

/** Labels of the store (any run) newer than `afterId`: with the change counter, whether only inserts happened since. */
export function countLabelsAfter(db: Db, afterId: number): number {
  return statement<[number], { n: number }>(db, 'SELECT COUNT(*) AS n FROM labels WHERE id > ?').get(afterId)!.n;
}

/** A run's labels newer than an id: a range of ids (the unary + keeps the planner off the run's index). */
export const RUN_LABELS_AFTER_SQL =
  'SELECT id, run_id, row_id, label, kind, author, note, created_at, blind FROM labels WHERE +run_id = ? AND id > ? ORDER BY id';

/** A run's labels newer than `afterId`, oldest first, as listLabels gives them. */
export function runLabelsAfter(db: Db, runId: string, afterId: number): StoredLabel[] {
  return statement<[string, number], LabelRecord>(db, RUN_LABELS_AFTER_SQL).all(runId, afterId).map(toStoredLabel);
}
