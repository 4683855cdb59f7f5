// Child process for the crash test: writes rows in large transactions forever, announcing each commit.
import { openDatabase } from '../database';
import { insertRow } from '../rows/rows-repository';
import { insertRun } from '../runs/runs-repository';
import { sampleRow } from './sample-row';

const [path, batchText] = process.argv.slice(2);
const batch = Number(batchText);
const db = openDatabase(path!);
const now = new Date(0).toISOString();
insertRun(db, {
  id: 'crash-run',
  name: 'crash',
  status: 'running',
  now,
  config: {
    source: { kind: 'describe', sentence: 'crash test' },
    models: {},
    budget: 1000,
    seed: 0,
    mode: 'explore',
    until: 'compute',
    phrasings: 1,
    repeats: 1,
    fault_rate: 0.5,
    prefer_success: true,
    concurrency: 1,
  },
});
const writeBatch = db.transaction((start: number) => {
  for (let ordinal = start; ordinal < start + batch; ordinal += 1) {
    insertRow(db, sampleRow(ordinal), { run_id: 'crash-run', duration_ms: 1, created_at: now });
  }
});
for (let start = 0; ; start += batch) {
  writeBatch(start);
  process.stdout.write(`committed ${start + batch}\n`);
}
