import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../migrate';
import { MIGRATIONS } from '../migrations';
import { storeGeneratedRun } from './generated-rows';

/** The time every grade and label of a kept-counts test carries. */
export const COUNTS_NOW = '2026-01-01T00:00:00.000Z';

/**
 * A store file at schema `version` with a mixed run (conduct grades on 60% of rows, a judge's on 40%, labels) and a
 * conduct-only run: the store a kept-counts migration's test upgrades.
 */
export function countsStoreAt(version: number): Database.Database {
  const db = new Database(join(mkdtempSync(join(tmpdir(), `while-counts-${version}-`)), 'store.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  migrate(db, ':memory:', MIGRATIONS.slice(0, version));
  storeGeneratedRun(db, { runId: 'mixed', count: 400 });
  storeGeneratedRun(db, { runId: 'conduct', count: 150 });
  db.prepare("DELETE FROM grades WHERE run_id = 'conduct' AND label_source <> 'conduct'").run();
  return db;
}

/** A grade written as the grader writes it (parameters row_id, run_id, reward, source, judge, meta). */
export const COUNTS_GRADE_SQL = `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, unsure, judge_meta,
  provenance, created_at) VALUES (@row_id, @run_id, @reward, 'why', 'ok', @source, @judge, 0, @meta, '{}', '${COUNTS_NOW}')`;

/** A human label by `author`. */
export const humanLabel = (rowId: string, value: 'pass' | 'fail', author: string) => ({
  row_id: rowId,
  label: value,
  kind: 'human' as const,
  author,
  note: null,
  created_at: COUNTS_NOW,
});
