import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrate } from './migrate';

export type Db = Database.Database;

export const DATABASE_FILE = 'while-studio.sqlite';

/** The page size of a new store (bytes); an older store keeps the size it was made with until `wai store optimize`. */
export const STORE_PAGE_BYTES = 8192;

/** Each connection's settings, set on every connection that writes (this thread's and off-thread-writes.ts's). */
export const CONNECTION_PRAGMAS: readonly string[] = [
  'synchronous = NORMAL',
  // A stored row dirties ~40 pages (its body, ten row indexes, its verdicts line and seven indexes, its export line,
  // tags, the search index), so the default checkpoint (1,000 pages) synced the disk every ~25 rows of a run.
  // Checkpoint every 10,000 pages instead, and cut the WAL file back to 64 MB after one.
  'wal_autocheckpoint = 10000',
  'journal_size_limit = 67108864',
  'foreign_keys = ON',
  'busy_timeout = 5000',
];

/** Opens (creating if needed) the run store: WAL, foreign keys on, migrations applied. */
export function openDatabase(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  try {
    // Taken only by a new store (an existing one keeps its size). Rows and their prepared export lines run 2-6 KB, so
    // at SQLite's default 4 KiB most took a page each: at 8 KiB an export of 100,000 stored rows read its lines in
    // 25-30% less time (16 KiB: 40% less, but every row's commit wrote twice the WAL, and runs stored 28% slower).
    db.pragma(`page_size = ${STORE_PAGE_BYTES}`);
    db.pragma('journal_mode = WAL');
    for (const pragma of CONNECTION_PRAGMAS) db.pragma(pragma);
    migrate(db, path);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

const statementCache = new WeakMap<Db, Map<string, Database.Statement>>();

/** A prepared statement, compiled once per connection. */
export function statement<Parameters extends unknown[] | object = unknown[], Result = unknown>(
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
