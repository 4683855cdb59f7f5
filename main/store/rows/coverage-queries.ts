import { AXES, type Axis, type Dimensions } from '../../../shared/domain';
import { statement, type Db } from '../database';
import { countRows } from './rows-repository';

/*
 * The coverage view's counts, read from row_filter_counts (migration 017): per run and six-axis coordinate, its rows, the
 * rows graded (the latest grade has a reward) and failing (that reward fails, shared/domain/verdict), a row a person
 * marks simulator_error counted in rows only. Triggers keep them as rows, grades and labels are written, so a query
 * reads one run's few hundred coordinates, not its rows.
 */

/** Axis names are column names of `row_filter_counts`; only these ever reach SQL text. */
function column(axis: Axis): Axis {
  if (!AXES.includes(axis)) throw new Error(`unknown axis "${String(axis)}"`);
  return axis;
}

export interface CellCount {
  x: string;
  y: string;
  rows: number;
  /** Rows whose latest grade has reward < PASS_THRESHOLD. */
  failing: number;
  /** Rows whose latest grade has a reward. */
  graded: number;
}

/** The heatmap query for two axes (positional parameter: the run id); exported for its query-plan test. */
export function cellCountsSql(x: Axis, y: Axis): string {
  const [first, second] = [column(x), column(y)];
  return `SELECT ${first} AS x, ${second} AS y, SUM(rows) AS rows, SUM(failing) AS failing, SUM(graded) AS graded
     FROM row_filter_counts WHERE run_id = ? GROUP BY ${first}, ${second} HAVING SUM(rows) > 0`;
}

/** Rows, failing and graded per pair of values of two axes. Only pairs with rows appear. */
export function cellCounts(db: Db, runId: string, x: Axis, y: Axis): CellCount[] {
  return statement<[string], CellCount>(db, cellCountsSql(x, y)).all(runId);
}

/** Rows per value of one axis; only values with rows appear. */
export function axisCounts(db: Db, runId: string, axis: Axis): { value: string; rows: number }[] {
  const name = column(axis);
  return statement<[string], { value: string; rows: number }>(
    db,
    `SELECT ${name} AS value, SUM(rows) AS rows FROM row_filter_counts WHERE run_id = ? GROUP BY ${name} HAVING SUM(rows) > 0`,
  ).all(runId);
}

export interface CoordinateCount {
  dimensions: Dimensions;
  rows: number;
}

/** The coordinates query (positional parameter: the run id); exported for its query-plan test. */
export const COORDINATES_SQL = `SELECT ${AXES.join(', ')}, SUM(rows) AS rows FROM row_filter_counts WHERE run_id = ?
  GROUP BY ${AXES.join(', ')} HAVING SUM(rows) > 0`;

/** The distinct six-axis coordinates a run's rows landed on, with their row counts. */
export function coordinateCounts(db: Db, runId: string): CoordinateCount[] {
  return statement<[string], Dimensions & { rows: number }>(db, COORDINATES_SQL)
    .all(runId)
    .map(({ rows, ...dimensions }) => ({ dimensions, rows }));
}

/** Rows graded and failing over a whole run. */
export function gradeTotals(db: Db, runId: string): { graded: number; failing: number } {
  return statement<[string], { graded: number; failing: number }>(
    db,
    'SELECT COALESCE(SUM(graded), 0) AS graded, COALESCE(SUM(failing), 0) AS failing FROM row_filter_counts WHERE run_id = ?',
  ).get(runId)!;
}

/**
 * A run's opening asks in plan order, reading only the prompt out of each stored row: every row's when the run
 * has at most `limit` rows, else every k-th row's (k = ceil(rows / limit)), an even spread over the run.
 */
export function* iteratePrompts(db: Db, runId: string, limit: number): Generator<string> {
  const step = Math.max(1, Math.ceil(countRows(db, runId) / limit));
  const prompts = statement<[string, number], { prompt: string | null }>(
    db,
    `SELECT json_extract(body, '$.prompt') AS prompt FROM rows WHERE run_id = ? AND ordinal % ? = 0 ORDER BY ordinal`,
  );
  for (const { prompt } of prompts.iterate(runId, step)) if (prompt) yield prompt;
}
