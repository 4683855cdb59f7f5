/**
 * `tsx main/test-support/store-before-lines.ts <data-dir> <rows>`: a store as While Studio left it at schema 11, before
 * prepared export lines (8 KiB pages, one generated run), for e2e/store-offer.spec.ts, which drives the app from outside
 * and so makes it in this process of its own.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { storeGeneratedRun } from '../store/__fixtures__/generated-rows';
import { migrate } from '../store/migrate';
import { MIGRATIONS } from '../store/migrations/index';

const [dataDir, rows] = process.argv.slice(2);
const db = new Database(join(dataDir!, 'while-studio.sqlite'));
try {
  db.pragma('page_size = 8192');
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  migrate(db, 'while-studio.sqlite', MIGRATIONS.slice(0, 11));
  storeGeneratedRun(db, { runId: 'run_old', count: Number(rows) });
} finally {
  db.close();
}
