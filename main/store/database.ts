import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrate } from './migrate';

export type Db = Database.Database;

export const DATABASE_FILE = 'while-studio.sqlite';

/** Opens (creating if needed) the run store: WAL, foreign keys on, migrations applied. */
export function openDatabase(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, path);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

const statementCache = new WeakMap<Db, Map<string, Database.Statement>>();

/** A prepared statement, compiled once per connection. */
export function statement<Parameters extends unknown[] | {} = unknown[], Result = unknown>(
  db: Db,
  sql: string,
): Database.Statement<Parameters, Result> {
  let cache = statementCache.get(db);
  if (!cache) {
    cache = new Map();
    statementCache.set(db, cache);
  }
  let prepared = cache.get(sql);
  if (!prepared) {
    prepared = db.prepare(sql);
    cache.set(sql, prepared);
  }
  return prepared as unknown as Database.Statement<Parameters, Result>;
}
