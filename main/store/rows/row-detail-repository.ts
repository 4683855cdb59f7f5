import { Row, type Grade, type Label } from '../../../shared/domain';
import { statement, type Db } from '../database';
import { parseJsonColumn } from '../json-column';
import { toGrade, type GradeColumns } from '../grades/grades-repository';

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
  return statement<[string], GradeColumns>(
    db,
    `SELECT row_id, reward, reason, judge_status, label_source, failure_class, unsure, span, judge_meta, provenance, created_at
     FROM grades WHERE row_id = ? ORDER BY id`,
  )
    .all(rowId)
    .map(toGrade);
}

/** Every label of a row, oldest first. */
export function rowLabels(db: Db, rowId: string): Label[] {
  return statement<[string], Omit<Label, 'blind'> & { blind: number | null }>(
    db,
    'SELECT row_id, label, kind, author, note, created_at, blind FROM labels WHERE row_id = ? ORDER BY id',
  )
    .all(rowId)
    .map((record) => ({ ...record, blind: record.blind === null ? null : record.blind === 1 }));
}
