import type { StoredAdjudication } from '../../../shared/api/labels';
import { SettledValue, type Adjudication } from '../../../shared/domain';
import { statement, type Db } from '../database';

interface AdjudicationRecord {
  id: number;
  row_id: string;
  run_id: string;
  label: string;
  author: string;
  note: string | null;
  created_at: string;
}

function toStoredAdjudication(record: AdjudicationRecord): StoredAdjudication {
  return { ...record, label: SettledValue.parse(record.label) };
}

/** Stores a settlement; a row's latest one is its settled gold. Returns its id, or null when the row does not exist. */
export function insertAdjudication(db: Db, adjudication: Adjudication): number | null {
  const { changes, lastInsertRowid } = statement(
    db,
    `INSERT INTO adjudications (row_id, run_id, label, author, note, created_at)
     SELECT @row_id, run_id, @label, @author, @note, @created_at FROM rows WHERE id = @row_id`,
  ).run({ ...adjudication });
  return changes === 1 ? Number(lastInsertRowid) : null;
}

export function getAdjudication(db: Db, id: number): StoredAdjudication | undefined {
  const record = statement<[number], AdjudicationRecord>(db, 'SELECT * FROM adjudications WHERE id = ?').get(id);
  return record && toStoredAdjudication(record);
}

/** One row's settlements, oldest first (the last one counts). */
export function rowAdjudications(db: Db, rowId: string): StoredAdjudication[] {
  return statement<[string], AdjudicationRecord>(db, 'SELECT * FROM adjudications WHERE row_id = ? ORDER BY id')
    .all(rowId)
    .map(toStoredAdjudication);
}

/** Each settled row's latest settlement, in a run (index adjudications_run). */
export function latestAdjudications(db: Db, runId: string): Map<string, StoredAdjudication> {
  const records = statement<[string, string], AdjudicationRecord>(
    db,
    `SELECT * FROM adjudications AS a WHERE a.run_id = ?
       AND a.id = (SELECT MAX(a2.id) FROM adjudications AS a2 WHERE a2.run_id = ? AND a2.row_id = a.row_id)`,
  ).all(runId, runId);
  return new Map(records.map((record) => [record.row_id, toStoredAdjudication(record)]));
}

/** The newest settlement id of a run, 0 when there is none: a queue snapshot reads settlements up to it. */
export function newestAdjudicationId(db: Db, runId: string): number {
  return statement<[string], { id: number | null }>(db, 'SELECT MAX(id) AS id FROM adjudications WHERE run_id = ?').get(runId)!.id ?? 0;
}
