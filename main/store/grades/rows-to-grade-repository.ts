import { statement, type Db } from '../database';
import type { GradedBy } from './grades-repository';

export interface RowToGrade {
  id: string;
  ordinal: number;
  body: string;
}

const SKIP_GRADED = `AND NOT EXISTS (SELECT 1 FROM grades g WHERE g.row_id = rows.id AND g.judge_name = @judge_name
  AND json_extract(g.provenance, '$.version') IS @version AND g.judge_status = 'ok')`;

/**
 * One page of a run's rows after `afterOrdinal`, in plan order: keyset paging, so a grading job streams rows
 * without holding the run in memory or keeping a statement open while it writes. With `skip`, rows that already
 * have an `ok` grade from that judge are left out.
 */
export function pageRowsToGrade(db: Db, runId: string, afterOrdinal: number, limit: number, skip: GradedBy | null): RowToGrade[] {
  const sql =
    `SELECT id, ordinal, body FROM rows WHERE run_id = @run_id AND ordinal > @after ${skip ? SKIP_GRADED : ''} ORDER BY ` +
    `ordinal LIMIT @limit`;
  return statement<Record<string, unknown>, RowToGrade>(db, sql).all({
    run_id: runId,
    after: afterOrdinal,
    limit,
    ...(skip ? { judge_name: skip.judge_name, version: skip.version } : {}),
  });
}

export function countRowsToGrade(db: Db, runId: string, skip: GradedBy | null): number {
  const sql = `SELECT COUNT(*) AS n FROM rows WHERE run_id = @run_id ${skip ? SKIP_GRADED : ''}`;
  return statement<Record<string, unknown>, { n: number }>(db, sql).get({
    run_id: runId,
    ...(skip ? { judge_name: skip.judge_name, version: skip.version } : {}),
  })!.n;
}
