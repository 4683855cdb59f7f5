import { PAIR_FACTS_VERSION } from '../../../engine/index';
import { Row } from '../../../shared/domain';
import { statement, type Db } from '../database';
import { parseJsonColumn } from '../json-column';

/*
 * Rows without DPO pairing facts of the current version (migration 019): stored before it, or by another version. A
 * row whose facts cannot be worked out has none either, and is found again each time (a DPO export reads it whole).
 */

const MISSING = `FROM rows AS r LEFT JOIN pair_facts AS f ON f.row_id = r.id WHERE (f.row_id IS NULL OR f.version <> @version)`;

export function countMissingPairFacts(db: Db): number {
  return statement<{ version: number }, { n: number }>(db, `SELECT COUNT(*) AS n ${MISSING}`).get({ version: PAIR_FACTS_VERSION })!.n;
}

/** The next `limit` rows after rowid `after` without facts of the current version, in rowid order. */
export function rowsMissingPairFacts(db: Db, after: number, limit: number): { rowid: number; id: string; row: Row }[] {
  return statement<{ version: number; after: number; limit: number }, { rowid: number; id: string; body: string }>(
    db,
    `SELECT r.rowid AS rowid, r.id AS id, r.body AS body ${MISSING} AND r.rowid > @after ORDER BY r.rowid LIMIT @limit`,
  )
    .all({ version: PAIR_FACTS_VERSION, after, limit })
    .map((record) => ({ rowid: record.rowid, id: record.id, row: parseJsonColumn(Row, record.body, 'rows.body') }));
}
