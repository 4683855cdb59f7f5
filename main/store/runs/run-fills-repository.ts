import { Dimensions } from '../../../shared/domain';
import { statement, type Db } from '../database';
import { parseJsonColumn } from '../json-column';

/** "Fill this cell" in place: rows added to a run from `first_ordinal` on, aimed at the cell, `budget` of them at most. */
export interface RunFill {
  id: number;
  run_id: string;
  aim: Partial<Dimensions>;
  budget: number;
  first_ordinal: number;
  created_at: string;
  /** Set once the fill stopped for good (its budget, or the writers ran out); null while it can still be resumed. */
  ended_at: string | null;
}

const AimColumn = Dimensions.partial();

interface FillRecord extends Omit<RunFill, 'aim'> {
  aim: string;
}

const toFill = (record: FillRecord): RunFill => ({ ...record, aim: parseJsonColumn(AimColumn, record.aim, 'run_fills.aim') });

/** Records a fill numbered from the run's next ordinal (one past its highest stored row); returns it. */
export function insertFill(db: Db, fill: { run_id: string; aim: Partial<Dimensions>; budget: number; created_at: string }): RunFill {
  const { lastInsertRowid } = statement(
    db,
    `INSERT INTO run_fills (run_id, aim, budget, first_ordinal, created_at)
     SELECT @run_id, @aim, @budget, COALESCE(MAX(ordinal) + 1, 0), @created_at FROM rows WHERE run_id = @run_id`,
  ).run({ ...fill, aim: JSON.stringify(fill.aim) });
  return toFill(statement<[number], FillRecord>(db, 'SELECT * FROM run_fills WHERE id = ?').get(Number(lastInsertRowid))!);
}

/** The run's fill still to finish (the newest without an end), or null. */
export function pendingFill(db: Db, runId: string): RunFill | null {
  const record = statement<[string], FillRecord>(
    db,
    'SELECT * FROM run_fills WHERE run_id = ? AND ended_at IS NULL ORDER BY id DESC LIMIT 1',
  ).get(runId);
  return record ? toFill(record) : null;
}

export function endFill(db: Db, id: number, endedAt: string): void {
  statement(db, 'UPDATE run_fills SET ended_at = ? WHERE id = ?').run(endedAt, id);
}

/** Rows a fill has stored so far. */
export function fillRows(db: Db, fill: RunFill): number {
  return statement<[string, number], { n: number }>(db, 'SELECT COUNT(*) AS n FROM rows WHERE run_id = ? AND ordinal >= ?').get(
    fill.run_id,
    fill.first_ordinal,
  )!.n;
}
