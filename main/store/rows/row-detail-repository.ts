import { z } from 'zod';
import { Grade, Label, Provenance, Row, TextSpan } from '../../../shared/domain';
import { statement, type Db } from '../database';
import { parseJsonColumn } from '../json-column';

interface GradeRecord {
  row_id: string;
  reward: number | null;
  reason: string;
  judge_status: string;
  label_source: string;
  failure_class: string | null;
  unsure: number;
  span: string | null;
  judge_meta: string;
  provenance: string;
  created_at: string;
}

const judgeMeta = z.record(z.string(), z.unknown());

/** A stored grade as the domain's Grade; JSON columns go through their schemas so damage fails loudly. */
function toGrade(record: GradeRecord): Grade {
  const parsed = Grade.safeParse({
    row_id: record.row_id,
    reward: record.reward,
    reason: record.reason,
    judge_status: record.judge_status,
    label_source: record.label_source,
    failure_class: record.failure_class,
    unsure: record.unsure === 1,
    span: record.span === null ? null : parseJsonColumn(TextSpan, record.span, 'grades.span'),
    judge_meta: parseJsonColumn(judgeMeta, record.judge_meta, 'grades.judge_meta'),
    provenance: parseJsonColumn(Provenance, record.provenance, 'grades.provenance'),
    created_at: record.created_at,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `stored grade of ${record.row_id} does not match its schema at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
    );
  }
  return parsed.data;
}

export interface StoredRow {
  run_id: string;
  row: Row;
}

export function getStoredRow(db: Db, rowId: string): StoredRow | undefined {
  const record = statement<[string], { run_id: string; body: string }>(db, 'SELECT run_id, body FROM rows WHERE id = ?').get(rowId);
  return record && { run_id: record.run_id, row: parseJsonColumn(Row, record.body, 'rows.body') };
}

/** Every grade of a row, oldest first. */
export function rowGrades(db: Db, rowId: string): Grade[] {
  return statement<[string], GradeRecord>(
    db,
    `SELECT row_id, reward, reason, judge_status, label_source, failure_class, unsure, span, judge_meta, provenance, created_at
     FROM grades WHERE row_id = ? ORDER BY id`,
  )
    .all(rowId)
    .map(toGrade);
}

/** Every label of a row, oldest first. */
export function rowLabels(db: Db, rowId: string): Label[] {
  return statement<[string], Label>(
    db,
    'SELECT row_id, label, kind, author, note, created_at FROM labels WHERE row_id = ? ORDER BY id',
  ).all(rowId);
}
