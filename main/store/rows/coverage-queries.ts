import { AXES, PASS_THRESHOLD, type Axis, type Dimensions } from '../../../shared/domain';
import { statement, type Db } from '../database';
import { SIMULATOR_ERROR_ROWS } from '../grades/grades-repository';
import { countRows } from './rows-repository';

/** Axis names are column names of `rows`; only these ever reach SQL text. */
function column(axis: Axis): Axis {
  if (!AXES.includes(axis)) throw new Error(`unknown axis "${String(axis)}"`);
  return axis;
}

/**
 * Each row of a run with its latest grade's reward: null when ungraded, when the judge gave none, or when a person
 * marks the row simulator_error (left out of the agent's scores; the row still counts as coverage).
 */
const LATEST_REWARD = `CASE WHEN rows.id IN (${SIMULATOR_ERROR_ROWS}) THEN NULL
  ELSE (SELECT reward FROM grades WHERE grades.row_id = rows.id ORDER BY grades.id DESC LIMIT 1) END`;

export interface CellCount {
  x: string;
  y: string;
  rows: number;
  /** Rows whose latest grade has reward < PASS_THRESHOLD. */
  failing: number;
  /** Rows whose latest grade has a reward. */
  graded: number;
}

/**
 * The heatmap query for two axes (named parameters @run_id and @threshold); exported for its query-plan test.
 * A run with no grades skips the per-row grade lookup, which is most of the cost at 100,000 rows.
 */
export function cellCountsSql(x: Axis, y: Axis, withGrades = true): string {
  const [first, second] = [column(x), column(y)];
  if (!withGrades) {
    return `SELECT ${first} AS x, ${second} AS y, COUNT(*) AS rows, 0 AS failing, 0 AS graded
     FROM rows WHERE run_id = @run_id GROUP BY ${first}, ${second}`;
  }
  return `SELECT ${first} AS x, ${second} AS y, COUNT(*) AS rows,
            COALESCE(SUM(reward < @threshold), 0) AS failing, COUNT(reward) AS graded
     FROM (SELECT rows.${first}, rows.${second}, ${LATEST_REWARD} AS reward FROM rows WHERE rows.run_id = @run_id)
     GROUP BY ${first}, ${second}`;
}

export function hasGrades(db: Db, runId: string): boolean {
  return (
    statement<[string], { found: number }>(db, 'SELECT EXISTS (SELECT 1 FROM grades WHERE run_id = ?) AS found').get(runId)!.found === 1
  );
}

/** Rows, failing and graded per pair of values of two axes, grouped in SQL. Only pairs with rows appear. */
export function cellCounts(db: Db, runId: string, x: Axis, y: Axis): CellCount[] {
  return statement<{ run_id: string; threshold: number }, CellCount>(db, cellCountsSql(x, y, hasGrades(db, runId))).all({
    run_id: runId,
    threshold: PASS_THRESHOLD,
  });
}

/** Rows per value of one axis (read from the axis's own index). */
export function axisCounts(db: Db, runId: string, axis: Axis): { value: string; rows: number }[] {
  const name = column(axis);
  return statement<[string], { value: string; rows: number }>(
    db,
    `SELECT ${name} AS value, COUNT(*) AS rows FROM rows WHERE run_id = ? GROUP BY ${name}`,
  ).all(runId);
}

export interface CoordinateCount {
  dimensions: Dimensions;
  rows: number;
}

/** The coordinates query (positional parameter: the run id); exported for its query-plan test. */
export const COORDINATES_SQL = `SELECT ${AXES.join(', ')}, COUNT(*) AS rows FROM rows WHERE run_id = ? GROUP BY ${AXES.join(', ')}`;

/** The distinct six-axis coordinates a run's rows landed on, with their row counts. */
export function coordinateCounts(db: Db, runId: string): CoordinateCount[] {
  return statement<[string], Dimensions & { rows: number }>(db, COORDINATES_SQL)
    .all(runId)
    .map(({ rows, ...dimensions }) => ({ dimensions, rows }));
}

/** Rows graded (latest grade has a reward) and failing (latest reward < PASS_THRESHOLD) over a whole run. */
export function gradeTotals(db: Db, runId: string): { graded: number; failing: number } {
  // SQLite takes `reward` from the row holding MAX(id) in each group: each row's latest grade.
  return statement<{ run_id: string; threshold: number }, { graded: number; failing: number }>(
    db,
    `SELECT COUNT(reward) AS graded, COALESCE(SUM(reward < @threshold), 0) AS failing
     FROM (SELECT row_id, reward, MAX(id) FROM grades WHERE run_id = @run_id GROUP BY row_id)
     WHERE row_id NOT IN (${SIMULATOR_ERROR_ROWS})`,
  ).get({ run_id: runId, threshold: PASS_THRESHOLD })!;
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
