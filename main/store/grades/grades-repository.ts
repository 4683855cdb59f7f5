import { z } from 'zod';
import { judgeKey, type StoredGrade } from '../../../shared/api/grades';
import { JUDGE_STATUSES, JudgeStatus, LABEL_SOURCES, PASS_THRESHOLD, Provenance, TextSpan, type Grade } from '../../../shared/domain';
import { statement, type Db } from '../database';
import { parseJsonColumn } from '../json-column';

/** The version of a grade's judge, spelled exactly as in index `grades_latest` (migration 003). */
const VERSION = "json_extract(provenance, '$.version')";

/** Ids of each row's latest grade per judge (name + version) in one run. */
export const LATEST_GRADE_IDS = `SELECT MAX(id) AS id FROM grades WHERE run_id = @run_id GROUP BY judge_name, ${VERSION}, row_id`;

/**
 * Rows some person (or an unauthored label) currently marks `simulator_error`: each author's latest label on a
 * row counts, as for gold. They are left out of the agent's scores.
 */
export const SIMULATOR_ERROR_ROWS = `SELECT DISTINCT l.row_id FROM labels l
  WHERE l.run_id = @run_id AND l.label = 'simulator_error'
    AND (l.author IS NULL OR l.id = (SELECT MAX(l2.id) FROM labels l2 WHERE l2.run_id = l.run_id AND l2.row_id = l.row_id AND l2.author = l.author))`;

interface GradeRecord {
  id: number;
  row_id: string;
  run_id: string;
  reward: number | null;
  reason: string;
  judge_status: Grade['judge_status'];
  label_source: Grade['label_source'];
  judge_name: string;
  failure_class: string | null;
  unsure: number;
  span: string | null;
  judge_meta: string;
  provenance: string;
  created_at: string;
}

type JudgeStatusValue = Grade['judge_status'];

const JudgeMeta = z.record(z.string(), z.unknown());
const LabelSource = z.enum(LABEL_SOURCES);

function toStoredGrade(record: GradeRecord, latestIds: ReadonlySet<number>): StoredGrade {
  const provenance = parseJsonColumn(Provenance, record.provenance, 'grades.provenance');
  return {
    id: record.id,
    run_id: record.run_id,
    row_id: record.row_id,
    reward: record.reward,
    reason: record.reason,
    judge_status: JudgeStatus.parse(record.judge_status),
    label_source: LabelSource.parse(record.label_source),
    failure_class: record.failure_class,
    unsure: record.unsure === 1,
    span: record.span === null ? null : parseJsonColumn(TextSpan, record.span, 'grades.span'),
    judge_meta: parseJsonColumn(JudgeMeta, record.judge_meta, 'grades.judge_meta'),
    provenance,
    created_at: record.created_at,
    judge_name: record.judge_name,
    judge_key: judgeKey(record.judge_name, provenance.version),
    is_latest: latestIds.has(record.id),
  };
}

/**
 * Appends grades in one transaction (the caller's batch). The judge name is the provenance's judge; the run is
 * the row's. Throws when a row does not exist, and then nothing of the batch is written.
 */
export function insertGrades(db: Db, grades: readonly Grade[]): void {
  if (grades.length === 0) return;
  const insert = statement(
    db,
    `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, failure_class, unsure, span, judge_meta, provenance, created_at)
     SELECT @row_id, run_id, @reward, @reason, @judge_status, @label_source, @judge_name, @failure_class, @unsure, @span, @judge_meta, @provenance, @created_at
     FROM rows WHERE id = @row_id`,
  );
  db.transaction(() => {
    for (const grade of grades) {
      const { changes } = insert.run({
        row_id: grade.row_id,
        reward: grade.reward,
        reason: grade.reason,
        judge_status: grade.judge_status,
        label_source: grade.label_source,
        judge_name: grade.provenance.judge,
        failure_class: grade.failure_class,
        unsure: grade.unsure ? 1 : 0,
        span: grade.span === null ? null : JSON.stringify(grade.span),
        judge_meta: JSON.stringify(grade.judge_meta),
        provenance: JSON.stringify(grade.provenance),
        created_at: grade.created_at,
      });
      if (changes !== 1) throw new Error(`cannot store a grade for row ${grade.row_id}: there is no such row`);
    }
  })();
}

/** Every grade of one row, newest first, each marked when it is its judge's latest on the row. */
export function listRowGrades(db: Db, rowId: string): StoredGrade[] {
  const records = statement<[string], GradeRecord>(db, 'SELECT * FROM grades WHERE row_id = ? ORDER BY id DESC').all(rowId);
  const grades = records.map((record) => toStoredGrade(record, new Set()));
  const seen = new Set<string>();
  for (const grade of grades) {
    grade.is_latest = !seen.has(grade.judge_key);
    seen.add(grade.judge_key);
  }
  return grades;
}

export function getGrade(db: Db, id: number): StoredGrade | undefined {
  const record = statement<[number], GradeRecord & { latest_id: number }>(
    db,
    `SELECT g.*, (SELECT MAX(other.id) FROM grades other WHERE other.run_id = g.run_id AND other.judge_name = g.judge_name
       AND json_extract(other.provenance, '$.version') IS json_extract(g.provenance, '$.version') AND other.row_id = g.row_id) AS latest_id
     FROM grades g WHERE g.id = ?`,
  ).get(id);
  return record && toStoredGrade(record, new Set([record.latest_id]));
}

export interface JudgeTotals {
  judge_name: string;
  version: string | null;
  n_graded: number;
  passes: number;
  failures: number;
  partials: number;
  unjudged: number;
  unsure: number;
  mean_reward: number | null;
  first_id: number;
  last_id: number;
}

/**
 * Per judge (name + version), counts over each row's latest grade from it, leaving out simulator-error rows.
 * Pass means reward >= PASS_THRESHOLD; unjudged means no reward (any judge_status but ok), never counted as 0.
 */
export function judgeTotals(db: Db, runId: string): JudgeTotals[] {
  return statement<{ run_id: string; threshold: number }, JudgeTotals>(
    db,
    `WITH latest AS (${LATEST_GRADE_IDS})
     SELECT g.judge_name AS judge_name, json_extract(g.provenance, '$.version') AS version, COUNT(*) AS n_graded,
       SUM(CASE WHEN g.reward >= @threshold THEN 1 ELSE 0 END) AS passes,
       SUM(CASE WHEN g.reward < @threshold THEN 1 ELSE 0 END) AS failures,
       SUM(CASE WHEN g.reward > 0 AND g.reward < 1 THEN 1 ELSE 0 END) AS partials,
       SUM(CASE WHEN g.reward IS NULL THEN 1 ELSE 0 END) AS unjudged,
       SUM(g.unsure) AS unsure,
       AVG(g.reward) AS mean_reward,
       MIN(g.id) AS first_id, MAX(g.id) AS last_id
     FROM latest JOIN grades g ON g.id = latest.id
     WHERE g.row_id NOT IN (${SIMULATOR_ERROR_ROWS})
     GROUP BY g.judge_name, version
     ORDER BY first_id`,
  ).all({ run_id: runId, threshold: PASS_THRESHOLD });
}

export interface JudgeBreakdown {
  statuses: Record<JudgeStatusValue, number>;
  by_failure_class: Record<string, number>;
}

/** Per judge key, how many latest grades have each judge_status, and each failure_class (non-null). */
export function judgeBreakdowns(db: Db, runId: string): Map<string, JudgeBreakdown> {
  const records = statement<
    { run_id: string },
    { judge_name: string; version: string | null; judge_status: string; failure_class: string | null; n: number }
  >(
    db,
    `WITH latest AS (${LATEST_GRADE_IDS})
     SELECT g.judge_name AS judge_name, json_extract(g.provenance, '$.version') AS version, g.judge_status AS judge_status,
       g.failure_class AS failure_class, COUNT(*) AS n
     FROM latest JOIN grades g ON g.id = latest.id
     WHERE g.row_id NOT IN (${SIMULATOR_ERROR_ROWS})
     GROUP BY g.judge_name, version, g.judge_status, g.failure_class
     ORDER BY g.judge_name, version, g.judge_status, g.failure_class`,
  ).all({ run_id: runId });
  const breakdowns = new Map<string, JudgeBreakdown>();
  for (const record of records) {
    const key = judgeKey(record.judge_name, record.version);
    let entry = breakdowns.get(key);
    if (!entry) {
      entry = {
        statuses: Object.fromEntries(JUDGE_STATUSES.map((status) => [status, 0])) as Record<JudgeStatusValue, number>,
        by_failure_class: {},
      };
      breakdowns.set(key, entry);
    }
    const status = JudgeStatus.parse(record.judge_status);
    entry.statuses[status] += record.n;
    if (record.failure_class !== null)
      entry.by_failure_class[record.failure_class] = (entry.by_failure_class[record.failure_class] ?? 0) + record.n;
  }
  return breakdowns;
}

/** One row's latest verdict from one judge: what tables, queues and agreement read. */
export interface LatestVerdict {
  row_id: string;
  judge_name: string;
  version: string | null;
  reward: number | null;
  judge_status: JudgeStatusValue;
  unsure: boolean;
  failure_class: string | null;
}

/** Each row's latest grade from every judge on the run (small fields only), in row order. */
export function latestVerdicts(db: Db, runId: string): LatestVerdict[] {
  return statement<{ run_id: string }, Omit<LatestVerdict, 'unsure' | 'judge_status'> & { unsure: number; judge_status: string }>(
    db,
    `WITH latest AS (${LATEST_GRADE_IDS})
     SELECT g.row_id AS row_id, g.judge_name AS judge_name, json_extract(g.provenance, '$.version') AS version, g.reward AS reward,
       g.judge_status AS judge_status, g.unsure AS unsure, g.failure_class AS failure_class
     FROM latest JOIN grades g ON g.id = latest.id JOIN rows r ON r.id = g.row_id
     ORDER BY r.ordinal, g.id`,
  )
    .all({ run_id: runId })
    .map((record) => ({ ...record, judge_status: JudgeStatus.parse(record.judge_status), unsure: record.unsure === 1 }));
}

/** Row ids currently marked simulator_error on a run. */
export function simulatorErrorRowIds(db: Db, runId: string): Set<string> {
  return new Set(
    statement<{ run_id: string }, { row_id: string }>(db, SIMULATOR_ERROR_ROWS)
      .all({ run_id: runId })
      .map((record) => record.row_id),
  );
}

/** A judge whose existing `ok` grades let a re-run skip rows (grading with skip_graded). */
export interface GradedBy {
  judge_name: string;
  version: string | null;
}

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
  const sql = `SELECT id, ordinal, body FROM rows WHERE run_id = @run_id AND ordinal > @after ${skip ? SKIP_GRADED : ''} ORDER BY ordinal LIMIT @limit`;
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

/*
 * Reads for agreement.get, which runs after every burst of labels: over the whole run they return counts only (from
 * indexes), and rows are read one by one only where they carry a label.
 */

const JUDGE_IS = `judge_name = @judge_name AND ${VERSION} IS @version`;

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

/** Every judge (name + version) that graded a run, by a walk of index grades_latest. */
export const JUDGES_OF_RUN = `SELECT judge_name, ${VERSION} AS version FROM grades WHERE run_id = @run_id GROUP BY judge_name, ${VERSION}`;

/**
 * Exactly judgeTotals' judge_name, version, n_graded, first_id and last_id, in its order (first_id), without reading
 * a grade's row: one walk of index grades_latest per judge, less the judge's latest grades on simulator-error rows.
 */
export function latestGradeSpans(db: Db, runId: string): LatestGradeSpan[] {
  type Judge = { judge_name: string; version: string | null };
  const excluded = statement<{ run_id: string }, Judge & { id: number }>(db, EXCLUDED_LATEST).all({ run_id: runId });
  const spans: LatestGradeSpan[] = [];
  for (const judge of statement<{ run_id: string }, Judge>(db, JUDGES_OF_RUN).all({ run_id: runId })) {
    const parameters = { run_id: runId, judge_name: judge.judge_name, version: judge.version };
    const all = statement<typeof parameters, Omit<LatestGradeSpan, keyof Judge>>(db, LATEST_GRADE_SPAN).get(parameters)!;
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
      WHERE latest.run_id = @run_id AND latest.judge_name = @judge_name AND json_extract(latest.provenance, '$.version') IS @version AND latest.row_id = g.row_id)
    AND g.row_id NOT IN (${SIMULATOR_ERROR_ROWS})`;

/** One judge's latest grades without a reward, and unsure ones (n_graded comes from latestGradeSpans). */
export function latestGradeDoubts(db: Db, runId: string, judge: GradedBy): Omit<LatestGradeCounts, 'n_graded'> {
  return statement<Record<string, unknown>, Omit<LatestGradeCounts, 'n_graded'>>(db, LATEST_DOUBTS).get({ run_id: runId, ...judge })!;
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
 * Every grade of the run's rows that carry a label, oldest first. CROSS JOIN keeps the labelled rows the outer loop
 * (index labels_latest) and the unary + makes each row's grades a seek in grades_row: without table statistics the
 * planner would walk all the run's grades.
 */
export const LABELLED_ROW_GRADES = `SELECT g.row_id AS row_id, g.judge_name AS judge_name, json_extract(g.provenance, '$.version') AS version,
    g.reward AS reward, g.unsure AS unsure
  FROM (SELECT DISTINCT row_id FROM labels WHERE run_id = @run_id) AS labelled CROSS JOIN grades AS g ON g.row_id = labelled.row_id
  WHERE +g.run_id = @run_id ORDER BY g.id`;

export function labelledRowGrades(db: Db, runId: string): LabelledRowGrade[] {
  return statement<{ run_id: string }, Omit<LabelledRowGrade, 'unsure'> & { unsure: number }>(db, LABELLED_ROW_GRADES)
    .all({ run_id: runId })
    .map((record) => ({ ...record, unsure: record.unsure === 1 }));
}

/** Rows of a run, simulator-error rows left out (two index counts). */
export const INCLUDED_ROWS = `SELECT (SELECT COUNT(*) FROM rows WHERE run_id = @run_id)
  - (SELECT COUNT(*) FROM (${SIMULATOR_ERROR_ROWS}) AS excluded CROSS JOIN rows AS r ON r.id = excluded.row_id WHERE r.run_id = @run_id) AS n`;

export function countIncludedRows(db: Db, runId: string): number {
  return statement<{ run_id: string }, { n: number }>(db, INCLUDED_ROWS).get({ run_id: runId })!.n;
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
