import { Row } from '../../../shared/domain';
import { statement, type Db } from '../database';
import { parseJsonColumn } from '../json-column';

/*
 * Rows without a prepared export line of their run's recipe (migration 012): stored before it, or by an exporter of
 * another version, or before lines kept TRL's messages too (migration 016), or before TRL's lines had a table of their
 * own (migration 020: such a line is read where it is, but reads slower). A row the exporter cannot prepare has none
 * either, and is found again each time (it is read whole by an export, as before).
 */

/** Whether the row `r` lacks a line of @recipe in either table (`p` its line in export_lines, `t` in trl_lines). */
const LACKS_LINE = 'p.row_id IS NULL OR p.recipe <> @recipe OR p.trl_messages IS NULL OR t.row_id IS NULL';

const MISSING = `FROM rows AS r LEFT JOIN export_lines AS p ON p.row_id = r.id LEFT JOIN trl_lines AS t ON t.row_id = r.id
  WHERE r.run_id = @run_id AND (${LACKS_LINE})`;

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

/** Rows sampled per run when it is too large to read whole: SAMPLE_SPANS spans of SAMPLE_SPAN_ROWS rows, spread by ordinal. */
const SAMPLE_SPANS = 64;
const SAMPLE_SPAN_ROWS = 16;

/** The first `limit` rows of a run from ordinal `from`, each with whether it lacks a line of `recipe` (index seeks and keys). */
const SAMPLED = `SELECT r.id AS id, (${LACKS_LINE}) AS is_missing
  FROM (SELECT id, ordinal FROM rows WHERE run_id = @run_id AND ordinal >= @from ORDER BY ordinal LIMIT @limit) AS r
  LEFT JOIN export_lines AS p ON p.row_id = r.id LEFT JOIN trl_lines AS t ON t.row_id = r.id ORDER BY r.ordinal`;

/** A run's first and last ordinal, one seek each (MIN and MAX in one statement walk the run). */
const ORDINAL_ENDS = {
  low: 'SELECT ordinal AS value FROM rows WHERE run_id = ? ORDER BY ordinal LIMIT 1',
  high: 'SELECT ordinal AS value FROM rows WHERE run_id = ? ORDER BY ordinal DESC LIMIT 1',
};

/** Rows of a run looked at for lines: how many, and the ids of those without a line of the recipe. */
export interface LinesSample {
  sampled: number;
  missing_ids: string[];
}

/**
 * A run's rows without a line of `recipe`, without reading the run (countMissingLines reads every row and line: 27 s
 * at 1,000,000 rows): a run of up to 1,024 rows whole; a larger one as 64 spans of 16 rows spread over its ordinals
 * (1,024 seeks). Old stores lack lines in long stretches (every row before migration 012, 016 or 020, or of an
 * older exporter's recipe), which such a sample finds.
 */
export function sampleRunLines(db: Db, runId: string, recipe: string, rows: number): LinesSample {
  const read = (from: number, limit: number) =>
    statement<{ run_id: string; recipe: string; from: number; limit: number }, { id: string; is_missing: number }>(db, SAMPLED).all({
      run_id: runId,
      recipe,
      from,
      limit,
    });
  const end = (sql: string) => statement<[string], { value: number }>(db, sql).get(runId)?.value;
  const [low, high] = [end(ORDINAL_ENDS.low), end(ORDINAL_ENDS.high)];
  if (low === undefined || high === undefined) return { sampled: 0, missing_ids: [] };
  const lines =
    rows <= SAMPLE_SPANS * SAMPLE_SPAN_ROWS
      ? read(low, rows)
      : Array.from({ length: SAMPLE_SPANS }, (_, span) =>
          read(low + Math.floor((span * (high - low + 1)) / SAMPLE_SPANS), SAMPLE_SPAN_ROWS),
        ).flat();
  return { sampled: lines.length, missing_ids: lines.filter((line) => line.is_missing === 1).map((line) => line.id) };
}

/** The SQL of the sample, for the query-plan test. */
export const SAMPLE_READS = [SAMPLED, ORDINAL_ENDS.low, ORDINAL_ENDS.high];
