import Database from 'better-sqlite3';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { STORE_PAGE_BYTES, type Db } from '../database';
import { storePages, type StorePages } from './store-pages';

/** Where the rewritten store is written before it takes the store's place. */
export const rewritePath = (path: string): string => `${path}.optimizing`;

/** What a rewrite did: the store file's bytes before and after, and the new file's pages. */
export interface Rewrite {
  before_bytes: number;
  after_bytes: number;
  after: StorePages;
}

function syncFile(path: string): void {
  const descriptor = openSync(path, 'r');
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/** Makes the rename durable where a folder can be synced (not on Windows, where opening a folder fails). */
function syncFolder(folder: string): void {
  try {
    syncFile(folder);
  } catch {
    // The rename is done either way; only its survival of a power cut right now is less sure.
  }
}

/** The tables whose row counts must come through a rewrite unchanged (a check that costs an index read each). */
const CHECKED_TABLES = ['runs', 'rows', 'grades', 'labels', 'export_lines', 'trl_lines', 'pair_facts'];
const counts = (db: Db) => CHECKED_TABLES.map((table) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n);

/**
 * Rewrites the store at `path`, which `db` holds alone (openStoreAlone), in STORE_PAGE_BYTES pages with no free ones:
 * VACUUM INTO a file beside it, checked, put in WAL mode and synced, then renamed over the store in one step. A
 * reader never sees half a store: before the rename the store is the old file, after it the new one. The old file's
 * WAL is checkpointed into it and removed first (it leaves WAL mode), so nothing of the old store is left beside the
 * new one. `db` then holds the old file, unlinked: close it. On failure the store is left as it was.
 */
export function rewriteStore(db: Db, path: string): Rewrite {
  const before_bytes = statSync(path).size;
  const temporary = rewritePath(path);
  rmSync(temporary, { force: true });
  let after: StorePages;
  try {
    db.pragma('journal_mode = DELETE');
    db.pragma(`page_size = ${STORE_PAGE_BYTES}`);
    db.prepare('VACUUM INTO ?').run(temporary);
    const rewritten = new Database(temporary, { fileMustExist: true });
    try {
      if (counts(rewritten).join() !== counts(db).join()) throw new Error(`the rewritten store ${temporary} lost rows`);
      rewritten.pragma('journal_mode = WAL');
      after = storePages(rewritten);
    } finally {
      rewritten.close();
    }
    syncFile(temporary);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    db.pragma('journal_mode = WAL');
    throw error;
  }
  syncFolder(dirname(path));
  return { before_bytes, after_bytes: statSync(path).size, after };
}
