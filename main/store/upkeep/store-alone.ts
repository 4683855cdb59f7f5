import Database from 'better-sqlite3';
import type { Db } from '../database';
import { migrate } from '../migrate';

/**
 * The store at `path` opened by this connection alone, or null when another connection holds it (the app, browser
 * mode, a `wai` command, a worker): in exclusive locking mode its first write transaction takes the file's exclusive
 * lock, which any other open connection refuses at once, and keeps it until this connection closes, so no other
 * process can open the store meanwhile (they wait their busy timeout, then fail with "database is locked").
 */
export function openStoreAlone(path: string): Db | null {
  const db = new Database(path, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    db.close();
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') return null;
    throw error;
  }
  db.pragma('foreign_keys = ON');
  migrate(db, path);
  return db;
}
