// Stores a completed run of generated rows in a data folder, for the UI benchmark and the 100,000-row e2e test:
//   node --import tsx main/store/__fixtures__/store-many-rows.ts <data-dir> <count> [run-id]
// Prints {"run_id": ..., "rows": ..., "seconds": ...} on one line.
import { join } from 'node:path';
import { DATABASE_FILE, openDatabase } from '../database';
import { storeGeneratedRun } from './generated-rows';

const [dataDir, countText = '100000', runId = 'run_generated'] = process.argv.slice(2);
if (!dataDir) {
  process.stderr.write('usage: store-many-rows.ts <data-dir> [count] [run-id]\n');
  process.exit(2);
}
const started = performance.now();
const db = openDatabase(join(dataDir, DATABASE_FILE));
// A bulk load into a fresh file: a large page cache keeps the indexes' pages in memory between chunks.
db.pragma('cache_size = -262144');
storeGeneratedRun(db, { runId, count: Number(countText) });
db.close();
process.stdout.write(
  `${JSON.stringify({ run_id: runId, rows: Number(countText), seconds: Math.round((performance.now() - started) / 100) / 10 })}\n`,
);
