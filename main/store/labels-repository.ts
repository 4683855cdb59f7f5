import type { Label } from '../../shared/domain';
import { statement, type Db } from './database';

/** Appends a label; a person's latest label on a row is the one that counts. Returns false when the row does not exist. */
export function insertLabel(db: Db, label: Label): boolean {
  const { changes } = statement(
    db,
    `INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at)
     SELECT @row_id, run_id, @label, @kind, @author, @note, @created_at FROM rows WHERE id = @row_id`,
  ).run(label);
  return changes === 1;
}

export function listLabels(db: Db, runId: string): Label[] {
  return statement<[string], Label>(
    db,
    'SELECT row_id, label, kind, author, note, created_at FROM labels WHERE run_id = ? ORDER BY id',
  ).all(runId);
}
