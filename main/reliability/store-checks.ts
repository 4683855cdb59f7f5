import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import type { Db } from '../store/database';

/** Per table, each stored record's key and a hash of what must never change about it. */
export interface StoreSnapshot {
  runs: Map<string, string>;
  specs: Map<string, string>;
  rows: Map<string, string>;
  grades: Map<string, string>;
  labels: Map<string, string>;
  exports: Map<string, string>;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

function keyed(db: Db, sql: string): Map<string, string> {
  return new Map((db.prepare(sql).raw().all() as [string | number, string][]).map(([key, value]) => [String(key), hash(String(value))]));
}

/**
 * What a later check compares against: runs by id (their status may change, they may not vanish), specs and rows by
 * their body, grades and labels and export records by everything they hold.
 */
export function storeSnapshot(db: Db): StoreSnapshot {
  return {
    runs: keyed(db, 'SELECT id, id FROM runs'),
    specs: keyed(db, 'SELECT id, body FROM specs'),
    rows: keyed(db, 'SELECT id, body FROM rows'),
    grades: keyed(
      db,
      "SELECT id, row_id || '|' || COALESCE(reward, 'null') || '|' || reason || '|' || judge_name || '|' || provenance FROM grades",
    ),
    // A label someone undid moves to label_undos whole, under its id: kept, not lost.
    labels: keyed(
      db,
      ['labels', 'label_undos']
        .map(
          (table) =>
            "SELECT id, row_id || '|' || label || '|' || kind || '|' || COALESCE(author, '') || '|' || COALESCE(note, '') || '|' || " +
            `created_at FROM ${table}`,
        )
        .join(' UNION ALL '),
    ),
    exports: keyed(db, "SELECT id, location || '|' || n_rows || '|' || created_at FROM exports"),
  };
}

/** The store as another process sees it after a crash: integrity, rows per run (with duplicates), labels. */
export interface CrashView {
  integrity: string;
  runs: { id: string; status: string; rows_done: number }[];
  /** Rows per run, and distinct ordinals per run (equal unless a row was stored twice). */
  rows: Record<string, { n: number; distinct: number; max_ordinal: number | null }>;
  labels: { id: number; row_id: string; label: string; note: string | null }[];
}

/** Opens the database read-write (so a WAL left by a killed process is replayed, as the app would), checks it, closes it. */
export function crashView(databasePath: string): CrashView {
  const db = new Database(databasePath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const integrity = String(db.pragma('integrity_check', { simple: true }));
    const runs = db.prepare('SELECT id, status, rows_done FROM runs ORDER BY created_at, id').all() as CrashView['runs'];
    const rows: CrashView['rows'] = {};
    for (const entry of db
      .prepare(
        'SELECT run_id, COUNT(*) AS n, COUNT(DISTINCT ordinal) AS distinct_ordinals, MAX(ordinal) AS max_ordinal FROM rows GROUP BY run_id',
      )
      .all() as {
      run_id: string;
      n: number;
      distinct_ordinals: number;
      max_ordinal: number | null;
    }[]) {
      rows[entry.run_id] = { n: entry.n, distinct: entry.distinct_ordinals, max_ordinal: entry.max_ordinal };
    }
    const labels = db.prepare('SELECT id, row_id, label, note FROM labels ORDER BY id').all() as CrashView['labels'];
    return { integrity, runs, rows, labels };
  } finally {
    db.close();
  }
}

/** Each row of a run as stored (ordinal -> body), to compare a crashed-and-resumed run with one that never stopped. */
export function rowBodies(databasePath: string, runId: string): Map<number, string> {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return new Map(
      (db.prepare('SELECT ordinal, body FROM rows WHERE run_id = ? ORDER BY ordinal').raw().all(runId) as [number, string][]).map(
        ([ordinal, body]) => [ordinal, body],
      ),
    );
  } finally {
    db.close();
  }
}
