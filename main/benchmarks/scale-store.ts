import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { copyRunRows } from '../store/__fixtures__/copied-rows';
import { storeGeneratedRun } from '../store/__fixtures__/generated-rows';
import { DATABASE_FILE, openDatabase } from '../store/database';
import { countRows } from '../store/rows/rows-repository';

/** The run e2e/ui.bench.ts opens: the scale bench's stores hold it, so the UI bench reuses them as they are. */
export const SCALE_RUN_ID = 'run_generated';

/** Rows generated one by one; the rest are copies of them made in SQL (generating 1,000,000 takes an hour on 2 cores). */
const GENERATED_ROWS = 10_000;

/**
 * A store in `dataDir` with one completed run of `rows` rows: 10,000 generated (main/store/__fixtures__/generated-rows.ts:
 * every axis varied, conduct and judge grades, 2% human labels), each with its prepared export line as a run's rows
 * have, and copies of them up to `rows`. A store already holding that run whole is kept. Returns the seconds the
 * build took (0 when kept).
 */
export function scaleStore(dataDir: string, rows: number): { seconds: number; isKept: boolean } {
  const path = join(dataDir, DATABASE_FILE);
  if (existsSync(path)) {
    const db = openDatabase(path);
    const stored = countRows(db, SCALE_RUN_ID);
    db.close();
    if (stored !== rows) throw new Error(`${path} holds ${stored} rows of ${SCALE_RUN_ID}, not ${rows}: give another --data-dir`);
    return { seconds: 0, isKept: true };
  }
  const started = performance.now();
  const db = openDatabase(path);
  // A bulk load into a fresh file: a large page cache keeps the indexes' pages in memory between chunks.
  db.pragma('cache_size = -262144');
  storeGeneratedRun(db, { runId: SCALE_RUN_ID, count: Math.min(rows, GENERATED_ROWS), withLines: true });
  copyRunRows(db, SCALE_RUN_ID, GENERATED_ROWS, rows);
  db.close();
  return { seconds: (performance.now() - started) / 1000, isKept: false };
}
