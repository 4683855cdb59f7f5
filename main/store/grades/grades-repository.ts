import { z } from 'zod';
import { judgeKey, type StoredGrade } from '../../../shared/api/grades';
import { Grade, JudgeStatus, Provenance, TextSpan } from '../../../shared/domain';
import { statement, type Db } from '../database';
import { parseJsonColumn } from '../json-column';
import { runWrites, type StoreWrite } from '../store-write';

/** The version of a grade's judge, spelled exactly as in index `grades_latest` (migration 003). */
export const JUDGE_VERSION = "json_extract(provenance, '$.version')";

/** Ids of each row's latest grade per judge (name + version) in one run. */
export const LATEST_GRADE_IDS = `SELECT MAX(id) AS id FROM grades WHERE run_id = @run_id GROUP BY judge_name, ${JUDGE_VERSION}, row_id`;

/**
 * Rows some person (or an unauthored label) currently marks `simulator_error`: each author's latest label on a
 * row counts, as for gold. They are left out of the agent's scores.
 */
export const SIMULATOR_ERROR_ROWS = `SELECT DISTINCT l.row_id FROM labels l
  WHERE l.run_id = @run_id AND l.label = 'simulator_error'
    AND (l.author IS NULL OR l.id = (SELECT MAX(l2.id) FROM labels l2
      WHERE l2.run_id = l.run_id AND l2.row_id = l.row_id AND l2.author = l.author))`;

interface GradeRecord extends GradeColumns {
  id: number;
  run_id: string;
  judge_name: string;
}

type JudgeStatusValue = Grade['judge_status'];

const JudgeMeta = z.record(z.string(), z.unknown());

/** The columns of a grade every read of one selects (JSON columns as stored text). */
export interface GradeColumns {
  row_id: string;
  reward: number | null;
  reason: string;
  judge_status: string;
  label_source: string;
  failure_class: string | null;
  unsure: number;
  span: string | null;
  judge_meta: string;
  provenance: string;
  created_at: string;
}

/** A stored grade as the domain's Grade; JSON columns go through their schemas so damage fails loudly. */
export function toGrade(record: GradeColumns): Grade {
  const parsed = Grade.safeParse({
    row_id: record.row_id,
    reward: record.reward,
    reason: record.reason,
    judge_status: record.judge_status,
    label_source: record.label_source,
    failure_class: record.failure_class,
    unsure: record.unsure === 1,
    span: record.span === null ? null : parseJsonColumn(TextSpan, record.span, 'grades.span'),
    judge_meta: parseJsonColumn(JudgeMeta, record.judge_meta, 'grades.judge_meta'),
    provenance: parseJsonColumn(Provenance, record.provenance, 'grades.provenance'),
    created_at: record.created_at,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `stored grade of ${record.row_id} does not match its schema at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
    );
  }
  return parsed.data;
}

function toStoredGrade(record: GradeRecord, latestIds: ReadonlySet<number>): StoredGrade {
  const grade = toGrade(record);
  return {
    id: record.id,
    run_id: record.run_id,
    ...grade,
    judge_name: record.judge_name,
    judge_key: judgeKey(record.judge_name, grade.provenance.version),
    is_latest: latestIds.has(record.id),
  };
}

/**
 * Appends grades in one transaction (the caller's batch). The judge name is the provenance's judge; the run is
 * the row's. Throws when a row does not exist, and then nothing of the batch is written.
 */
export function insertGrades(db: Db, grades: readonly Grade[]): void {
  if (grades.length === 0) return;
  db.transaction(() => runWrites(db, gradeWrites(grades)))();
}

const INSERT_GRADE = `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, failure_class, unsure,
    span, judge_meta, provenance, created_at)
  SELECT @row_id, run_id, @reward, @reason, @judge_status, @label_source, @judge_name, @failure_class, @unsure, @span, @judge_meta,
    @provenance, @created_at
  FROM rows WHERE id = @row_id`;

/** The writes of insertGrades: each fails unless its row is stored. */
export function gradeWrites(grades: readonly Grade[]): StoreWrite[] {
  return grades.map((grade) => ({
    sql: INSERT_GRADE,
    parameters: {
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
    },
    mustChangeOne: `cannot store a grade for row ${grade.row_id}: there is no such row`,
  }));
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
