import { statement, type Db } from '../database';
import { keptRowCount } from '../rows/row-facets-repository';
import { JUDGE_VERSION, SIMULATOR_ERROR_ROWS, type GradedBy } from './grades-repository';
import { holdsOneGradePerRow, judgesOfRun, singleGradeSpan, type JudgeKey } from './judge-keys-repository';

/*
 * Reads for agreement.get, which runs after every burst of labels: over the whole run they return counts only (from
 * indexes), and rows are read one by one only where they carry a label.
 */

const JUDGE_IS = `judge_name = @judge_name AND ${JUDGE_VERSION} IS @version`;

/** A judge (name + version) with counts over its latest grade on each row, simulator-error rows left out. */
export interface LatestGradeSpan {
  judge_name: string;
  version: string | null;
  n_graded: number;
  /** The smallest and largest id among those latest grades (judgeTotals' first_id and last_id). */
  first_id: number;
  last_id: number;
}

/** Per judge, over every row's latest grade: from index grades_latest alone. */
export const LATEST_GRADE_SPAN = `SELECT COUNT(*) AS n_graded, MIN(id) AS first_id, MAX(id) AS last_id
  FROM (SELECT MAX(id) AS id FROM grades WHERE run_id = @run_id AND ${JUDGE_IS} GROUP BY row_id)`;

/** The same, leaving out simulator-error rows: a set test on every row, so only when one of them moves the span. */
export const LATEST_GRADE_SPAN_INCLUDED = `SELECT COUNT(*) AS n_graded, MIN(id) AS first_id, MAX(id) AS last_id
  FROM (SELECT row_id, MAX(id) AS id FROM grades WHERE run_id = @run_id AND ${JUDGE_IS} GROUP BY row_id)
  WHERE row_id NOT IN (${SIMULATOR_ERROR_ROWS})`;

/**
 * Each judge's latest grade on each simulator-error row: few rows, each read by index grades_row (the unary + keeps
 * the planner from walking the run's grades in grades_latest once per row instead).
 */
export const EXCLUDED_LATEST = `SELECT g.judge_name AS judge_name, json_extract(g.provenance, '$.version') AS version, MAX(g.id) AS id
  FROM (${SIMULATOR_ERROR_ROWS}) AS excluded CROSS JOIN grades AS g ON g.row_id = excluded.row_id
  WHERE +g.run_id = @run_id GROUP BY g.judge_name, json_extract(g.provenance, '$.version'), g.row_id`;

/**
 * Exactly judgeTotals' judge_name, version, n_graded, first_id and last_id, in its order (first_id), without reading
 * a grade's row: per judge a few index seeks when each row holds one grade of it (singleGradeSpan), else one walk of
 * index grades_latest; less the judge's latest grades on simulator-error rows.
 */
export function latestGradeSpans(db: Db, runId: string): LatestGradeSpan[] {
  type Judge = JudgeKey;
  const excluded = statement<{ run_id: string }, Judge & { id: number }>(db, EXCLUDED_LATEST).all({ run_id: runId });
  const spans: LatestGradeSpan[] = [];
  const judges = judgesOfRun(db, runId);
  for (const judge of judges) {
    const parameters = { run_id: runId, judge_name: judge.judge_name, version: judge.version };
    const isOnlyVersion = judges.filter((other) => other.judge_name === judge.judge_name).length === 1;
    const all =
      singleGradeSpan(db, runId, judge, isOnlyVersion) ??
      statement<typeof parameters, Omit<LatestGradeSpan, keyof Judge>>(db, LATEST_GRADE_SPAN).get(parameters)!;
    const left = excluded
      .filter((grade) => grade.judge_name === judge.judge_name && grade.version === judge.version)
      .map((grade) => grade.id);
    // Leaving out grades that are neither end keeps both ends; otherwise count again without them.
    const span =
      left.length === 0
        ? all
        : left.includes(all.first_id) || left.includes(all.last_id)
          ? statement<typeof parameters, Omit<LatestGradeSpan, keyof Judge>>(db, LATEST_GRADE_SPAN_INCLUDED).get(parameters)!
          : { ...all, n_graded: all.n_graded - left.length };
    if (span.n_graded > 0) spans.push({ ...judge, ...span });
  }
  return spans.sort((left, right) => left.first_id - right.first_id);
}

/** Over the latest grade of one judge key on each of a run's rows (simulator-error rows left out). */
export interface LatestGradeCounts {
  /** Rows with a grade. */
  n_graded: number;
  /** Rows whose latest grade has no reward. */
  n_unjudged: number;
  /** Rows whose latest grade is unsure. */
  n_unsure: number;
}

/** Latest grades without a reward or unsure, from partial index grades_doubtful (migration 006). */
export const LATEST_DOUBTS = `SELECT TOTAL(g.reward IS NULL) AS n_unjudged, TOTAL(g.unsure) AS n_unsure FROM grades AS g
  WHERE g.run_id = @run_id AND g.judge_name = @judge_name AND json_extract(g.provenance, '$.version') IS @version
    AND (g.reward IS NULL OR g.unsure = 1)
    AND g.id = (SELECT MAX(latest.id) FROM grades AS latest
      WHERE latest.run_id = @run_id AND latest.judge_name = @judge_name AND json_extract(latest.provenance, '$.version') IS @version AND
        latest.row_id = g.row_id)
    AND g.row_id NOT IN (${SIMULATOR_ERROR_ROWS})`;

/**
 * The same when each of the judge's grades is its row's latest (holdsOneGradePerRow): the partial index alone, with no
 * seek per grade for its row's newest (40,500 such grades at 1,000,000 rows: 170-250 ms with them).
 */
export const ONLY_GRADE_DOUBTS = `SELECT TOTAL(g.reward IS NULL) AS n_unjudged, TOTAL(g.unsure) AS n_unsure FROM grades AS g
  WHERE g.run_id = @run_id AND g.judge_name = @judge_name AND json_extract(g.provenance, '$.version') IS @version
    AND (g.reward IS NULL OR g.unsure = 1) AND g.row_id NOT IN (${SIMULATOR_ERROR_ROWS})`;

/** One judge's latest grades without a reward, and unsure ones (n_graded comes from latestGradeSpans). */
export function latestGradeDoubts(db: Db, runId: string, judge: GradedBy): Omit<LatestGradeCounts, 'n_graded'> {
  const sql = holdsOneGradePerRow(db, runId, judge.judge_name) ? ONLY_GRADE_DOUBTS : LATEST_DOUBTS;
  return statement<Record<string, unknown>, Omit<LatestGradeCounts, 'n_graded'>>(db, sql).get({ run_id: runId, ...judge })!;
}

function judgesAre(count: number, alias = ''): string {
  return Array.from(
    { length: count },
    (_, index) => `(${alias}judge_name = @judge_name_${index} AND json_extract(${alias}provenance, '$.version') IS @version_${index})`,
  ).join(' OR ');
}

function judgeParameters(judges: readonly GradedBy[]): Record<string, string | null> {
  return Object.fromEntries(
    judges.flatMap((judge, index) => [
      [`judge_name_${index}`, judge.judge_name],
      [`version_${index}`, judge.version],
    ]),
  );
}

/** The SQL of latestGradeCounts for `judgeCount` judges (exported for the query-plan test). */
export function latestGradeCountsSql(judgeCount: number): string {
  return `WITH latest AS (SELECT row_id, MAX(id) AS id FROM grades WHERE run_id = @run_id AND (${judgesAre(judgeCount)}) GROUP BY row_id)
    SELECT COUNT(*) AS n_graded, TOTAL(g.reward IS NULL) AS n_unjudged, TOTAL(g.unsure) AS n_unsure
    FROM latest JOIN grades AS g ON g.id = latest.id WHERE latest.row_id NOT IN (${SIMULATOR_ERROR_ROWS})`;
}

/**
 * Counts over the latest grade on each row from any of `judges` (the newest of theirs wins): for judges whose names
 * and versions spell one judge key. Reads each latest grade's row, so it is for the rare key of several judges.
 */
export function latestGradeCounts(db: Db, runId: string, judges: readonly GradedBy[]): LatestGradeCounts {
  return statement<Record<string, unknown>, LatestGradeCounts>(db, latestGradeCountsSql(judges.length)).get({
    run_id: runId,
    ...judgeParameters(judges),
  })!;
}

/** A grade of a labelled row, small fields only. */
export interface LabelledRowGrade {
  row_id: string;
  judge_name: string;
  version: string | null;
  reward: number | null;
  unsure: boolean;
}

/**
 * Every grade of the run's rows that carry a label or a settlement, oldest first: the rows from the lines migration 021
 * keeps (labelled_rows) in row order, each row's grades a seek in index grades_row, so the grades' pages are read
 * about in the order they were written (a run's 20,100 such grades at 1,000,000 rows). The unary + keeps the planner
 * off index grades_run.
 */
export const LABELLED_ROW_GRADES = `SELECT g.row_id AS row_id, g.judge_name AS judge_name,
    json_extract(g.provenance, '$.version') AS version,
    g.reward AS reward, g.unsure AS unsure
  FROM labelled_rows AS labelled CROSS JOIN grades AS g ON g.row_id = labelled.row_id
  WHERE labelled.run_id = @run_id AND +g.run_id = @run_id ORDER BY g.id`;

export function labelledRowGrades(db: Db, runId: string): LabelledRowGrade[] {
  return statement<{ run_id: string }, Omit<LabelledRowGrade, 'unsure'> & { unsure: number }>(db, LABELLED_ROW_GRADES)
    .all({ run_id: runId })
    .map((record) => ({ ...record, unsure: record.unsure === 1 }));
}

/** A run's simulator-error rows (few: each found by primary key). */
export const EXCLUDED_ROWS_OF_RUN = `SELECT COUNT(*) AS n FROM (${SIMULATOR_ERROR_ROWS}) AS excluded
  CROSS JOIN rows AS r ON r.id = excluded.row_id WHERE r.run_id = @run_id`;

/** Rows of a run, simulator-error rows left out: the run's rows from the kept counts (migration 015), less those. */
export function countIncludedRows(db: Db, runId: string): number {
  return keptRowCount(db, runId) - statement<{ run_id: string }, { n: number }>(db, EXCLUDED_ROWS_OF_RUN).get({ run_id: runId })!.n;
}

/** A row's id and rollout id with the reward of its latest grade from the chosen judge (null: none, or no reward). */
export interface RowReward {
  id: string;
  rollout_id: string;
  reward: number | null;
}

/** The SQL of iterateRowRewards for `judgeCount` judges (exported for the query-plan test). */
export function rowRewardsSql(judgeCount: number): string {
  const reward =
    judgeCount === 0
      ? 'NULL'
      : `(SELECT g.reward FROM grades AS g WHERE g.id = (SELECT MAX(latest.id) FROM grades AS latest
          WHERE latest.run_id = @run_id AND (${judgesAre(judgeCount, 'latest.')}) AND latest.row_id = r.id))`;
  return `SELECT r.id AS id, r.rollout_id AS rollout_id, ${reward} AS reward FROM rows AS r WHERE r.run_id = @run_id ORDER BY r.ordinal`;
}

/**
 * Every row of a run in row order with the reward of its newest grade from any of `judges` (none: every reward null),
 * streamed from the statement: one seek per row, no map of the run's grades.
 */
export function iterateRowRewards(db: Db, runId: string, judges: readonly GradedBy[]): IterableIterator<RowReward> {
  return statement<Record<string, unknown>, RowReward>(db, rowRewardsSql(judges.length)).iterate({
    run_id: runId,
    ...judgeParameters(judges),
  });
}

/*
 * Reads by row for the trust panel (agreement-service): after a label on a new row, only that row's identity and
 * grades are read, not every labelled row's again.
 */

/**
 * The SQL of rows' identities by id (exported for the query-plan test): the ids (a JSON array) drive, each row found
 * by primary key, in one statement (20,000 labelled rows of a 1,000,000-row run: 190-250 ms, against 320 ms a
 * statement per row).
 */
export const ROW_IDENTITY_SQL = `SELECT r.id AS id, r.scenario_id AS scenario_id, r.ordinal AS ordinal
  FROM json_each(?) AS wanted CROSS JOIN rows AS r ON r.id = wanted.value WHERE r.run_id = ?`;

/**
 * Rows of a run by id (id, scenario_id, ordinal), in id order; ids of other runs or of no row are left out. Sought in
 * id order, each seek lands near the last in the index and the table (20,800 labelled rows of a 1,000,000-row run:
 * 150-230 ms against 250-280 ms in label order).
 */
export function rowIdentitiesOf(db: Db, runId: string, rowIds: readonly string[]): { id: string; scenario_id: string; ordinal: number }[] {
  if (rowIds.length === 0) return [];
  return statement<[string, string], { id: string; scenario_id: string; ordinal: number }>(db, ROW_IDENTITY_SQL).all(
    JSON.stringify([...rowIds].sort()),
    runId,
  );
}

/** Every grade of one row of a run, oldest first (index grades_row), as labelledRowGrades reads them. */
export const ROW_GRADES_SQL = `SELECT g.row_id AS row_id, g.judge_name AS judge_name, json_extract(g.provenance, '$.version') AS version,
    g.reward AS reward, g.unsure AS unsure
  FROM grades AS g WHERE g.row_id = ? AND +g.run_id = ? ORDER BY g.id`;

export function rowGrades(
  db: Db,
  runId: string,
  rowId: string,
): { row_id: string; judge_name: string; version: string | null; reward: number | null; unsure: boolean }[] {
  return statement<[string, string], { row_id: string; judge_name: string; version: string | null; reward: number | null; unsure: number }>(
    db,
    ROW_GRADES_SQL,
  )
    .all(rowId, runId)
    .map((record) => ({ ...record, unsure: record.unsure === 1 }));
}
