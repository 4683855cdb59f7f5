import { z } from 'zod';
import {
  BatchRecord,
  PairwiseCoverage,
  RunConfig,
  SimulationSummary,
  type Run,
  type RunStatus,
  type RunSummary,
} from '../../../shared/domain';
import { statement, type Db } from '../database';
import { SIMULATOR_ERROR_ROWS } from '../grades/grades-repository';
import { parseJsonColumn } from '../json-column';
import { runWrites, type StoreWrite } from '../store-write';

interface RunRecord {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
  status: RunStatus;
  config: string;
  rows_done: number;
  stopped_because: string | null;
  degraded: string;
  warnings: string;
  pairwise: string | null;
  error: string | null;
  spec_id: string | null;
}

const stringList = z.array(z.string());

function toRun(record: RunRecord): Run {
  return {
    id: record.id,
    name: record.name,
    created_at: record.created_at,
    updated_at: record.updated_at,
    status: record.status,
    config: parseJsonColumn(RunConfig, record.config, 'runs.config'),
    spec_id: record.spec_id,
    rows_done: record.rows_done,
    stopped_because: record.stopped_because,
    degraded: parseJsonColumn(stringList, record.degraded, 'runs.degraded'),
    warnings: parseJsonColumn(stringList, record.warnings, 'runs.warnings'),
    pairwise: record.pairwise === null ? null : parseJsonColumn(PairwiseCoverage, record.pairwise, 'runs.pairwise'),
    error: record.error,
  };
}

export interface NewRun {
  id: string;
  name: string;
  config: RunConfig;
  status: RunStatus;
  now: string;
  spec_id?: string | null;
}

export function insertRun(db: Db, run: NewRun): Run {
  statement(
    db,
    `INSERT INTO runs (id, name, created_at, updated_at, status, config, spec_id)
     VALUES (@id, @name, @now, @now, @status, @config, @spec_id)`,
  ).run({ ...run, config: JSON.stringify(run.config), spec_id: run.spec_id ?? null });
  return getRun(db, run.id)!;
}

export function getRun(db: Db, id: string): Run | undefined {
  const record = statement<[string], RunRecord>(db, 'SELECT * FROM runs WHERE id = ?').get(id);
  return record && toRun(record);
}

export interface RunUpdate {
  status?: RunStatus;
  summary?: SimulationSummary;
  batches?: readonly BatchRecord[];
  rows_done?: number;
  stopped_because?: string | null;
  degraded?: readonly string[];
  warnings?: readonly string[];
  pairwise?: PairwiseCoverage | null;
  error?: string | null;
}

const updatable = ['status', 'summary', 'batches', 'rows_done', 'stopped_because', 'degraded', 'warnings', 'pairwise', 'error'] as const;

export function updateRun(db: Db, id: string, update: RunUpdate, now: string): void {
  runWrites(db, [runUpdateWrite(id, update, now)]);
}

/** The write of updateRun. */
export function runUpdateWrite(id: string, update: RunUpdate, now: string): StoreWrite {
  const fields = updatable.filter((field) => update[field] !== undefined);
  const values: Record<string, unknown> = { id, now };
  for (const field of fields) {
    const value = update[field];
    values[field] = typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
  }
  const assignments = fields.map((field) => `${field} = @${field}`).concat('updated_at = @now');
  return { sql: `UPDATE runs SET ${assignments.join(', ')} WHERE id = @id`, parameters: values };
}

interface RunSummaryRecord extends RunRecord {
  n_graded: number;
  n_pass: number;
}

/** A row's verdict for the runs list: its latest judge verdict, else its conduct verdict (row_verdicts, migration 002). */
const ROW_VERDICT = "CASE WHEN v.judge_verdict <> 'ungraded' THEN v.judge_verdict ELSE v.conduct_verdict END";

/**
 * A run's rows counted by their verdict (a condition on `v`), less those a person marks simulator_error: those are
 * left out of the agent's scores (SIMULATOR_ERROR_ROWS), here as everywhere.
 */
const countVerdicts = (condition: string) => `(
  (SELECT COUNT(*) FROM row_verdicts AS v WHERE v.run_id = runs.id AND ${condition})
  - (SELECT COUNT(*) FROM rows AS r JOIN row_verdicts AS v ON v.run_id = r.run_id AND v.ordinal = r.ordinal
     WHERE r.id IN (${SIMULATOR_ERROR_ROWS.replaceAll('@run_id', 'runs.id')}) AND ${condition}))`;

/** Newest first, with pass counts over each row's latest verdict, computed in SQL from the narrow verdicts table. */
export function listRuns(db: Db, limit: number, offset: number): { runs: RunSummary[]; total: number } {
  const records = statement<[number, number], RunSummaryRecord>(
    db,
    `SELECT runs.*, ${countVerdicts(`${ROW_VERDICT} IN ('pass', 'fail', 'unsure')`)} AS n_graded,
      ${countVerdicts(`${ROW_VERDICT} = 'pass'`)} AS n_pass
     FROM runs ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
  ).all(limit, offset);
  const { total } = statement<[], { total: number }>(db, 'SELECT COUNT(*) AS total FROM runs').get()!;
  return {
    runs: records.map((record) => ({ ...toRun(record), n_graded: record.n_graded, n_pass: record.n_pass })),
    total,
  };
}

/** The stored summary of a finished (or interrupted) run: coverage, search record, warnings. */
export function runSummary(db: Db, id: string): SimulationSummary | null {
  const record = statement<[string], { summary: string | null }>(db, 'SELECT summary FROM runs WHERE id = ?').get(id);
  return record?.summary ? parseJsonColumn(SimulationSummary, record.summary, 'runs.summary') : null;
}

export function runBatches(db: Db, id: string): BatchRecord[] {
  const record = statement<[string], { batches: string }>(db, 'SELECT batches FROM runs WHERE id = ?').get(id);
  return record ? parseJsonColumn(z.array(BatchRecord), record.batches, 'runs.batches') : [];
}

export function runIdsWithStatus(db: Db, status: RunStatus): string[] {
  return statement<[string], { id: string }>(db, 'SELECT id FROM runs WHERE status = ? ORDER BY created_at')
    .all(status)
    .map((record) => record.id);
}

/** Counts `count` more stored rows (one by default); called in the same transaction as the rows' inserts. */
export function bumpRowsDone(db: Db, id: string, now: string, count = 1): void {
  runWrites(db, [bumpRowsDoneWrite(id, now, count)]);
}

/** The write of bumpRowsDone. */
export function bumpRowsDoneWrite(id: string, now: string, count = 1): StoreWrite {
  return { sql: 'UPDATE runs SET rows_done = rows_done + ?, updated_at = ? WHERE id = ?', parameters: [count, now, id] };
}

/** Each status's place in a word list: a status change of one run moves the token's status sum even within the same ms. */
const STATUS_CODES = "instr(' queued running completed cancelled failed interrupted', ' ' || status)";

/**
 * The runs' change tokens (shared/api runs.changes). `changes`: the count of runs, their latest `updated_at` (every
 * write to a run stamps it, in any process), a sum over their statuses (a write in the same millisecond as the last
 * one seen), and migration 010's grades counter (pass rates). `listed`: the count, the newest `created_at` and the
 * status sum alone, which rows and grades leave where they are. One pass over the runs table's leaves, reading only
 * columns stored before the JSON ones, plus a primary-key read.
 */
export function runsChangeTokens(db: Db): { changes: string; listed: string } {
  const record = statement<[], { n: number; latest: string | null; newest: string | null; statuses: number | null; grades: number | null }>(
    db,
    `SELECT COUNT(*) AS n, MAX(updated_at) AS latest, MAX(created_at) AS newest, TOTAL(${STATUS_CODES}) AS statuses,
       (SELECT n FROM change_counts WHERE name = 'grades') AS grades
     FROM runs`,
  ).get()!;
  return {
    changes: `${record.n}:${record.latest ?? '-'}:${record.statuses ?? 0}:${record.grades ?? 0}`,
    listed: `${record.n}:${record.newest ?? '-'}:${record.statuses ?? 0}`,
  };
}
