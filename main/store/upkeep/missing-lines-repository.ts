import { Row } from '../../../shared/domain';
import { statement, type Db } from '../database';
import { parseJsonColumn } from '../json-column';

/*
 * Rows without a prepared export line of their run's recipe (migration 012): stored before it, or by an exporter of
 * another version, or before lines kept TRL's messages too (migration 016). A row the exporter cannot prepare has none
 * either, and is found again each time (it is read whole by an export, as before).
 */

const MISSING = `FROM rows AS r LEFT JOIN export_lines AS p ON p.row_id = r.id
  WHERE r.run_id = @run_id AND (p.row_id IS NULL OR p.recipe <> @recipe OR p.trl_messages IS NULL)`;

/** The runs that have a spec (a run without one has no line to prepare), oldest first. */
export function runsWithSpecs(db: Db): { id: string; spec_id: string }[] {
  return statement<[], { id: string; spec_id: string }>(
    db,
    'SELECT id, spec_id FROM runs WHERE spec_id IS NOT NULL ORDER BY created_at',
  ).all();
}

export function countMissingLines(db: Db, runId: string, recipe: string): number {
  return statement<{ run_id: string; recipe: string }, { n: number }>(db, `SELECT COUNT(*) AS n ${MISSING}`).get({ run_id: runId, recipe })!
    .n;
}

/** The next `limit` rows after ordinal `after` that lack a line of `recipe`, in ordinal order. */
export function rowsMissingLines(
  db: Db,
  runId: string,
  recipe: string,
  after: number,
  limit: number,
): { id: string; ordinal: number; row: Row }[] {
  return statement<{ run_id: string; recipe: string; after: number; limit: number }, { id: string; ordinal: number; body: string }>(
    db,
    `SELECT r.id AS id, r.ordinal AS ordinal, r.body AS body ${MISSING} AND r.ordinal > @after ORDER BY r.ordinal LIMIT @limit`,
  )
    .all({ run_id: runId, recipe, after, limit })
    .map((record) => ({ id: record.id, ordinal: record.ordinal, row: parseJsonColumn(Row, record.body, 'rows.body') }));
}
