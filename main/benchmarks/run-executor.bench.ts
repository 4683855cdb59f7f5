/**
 * `npm run bench:simulate [-- --rows N]`: N offline rollouts simulated, conduct-ready and stored through the run
 * executor, against the floor: inserting the same rows into a fresh SQLite store, one transaction per row (the
 * executor commits the rows that land together in one), with nothing else running. Prints rows per second and the
 * ratio. A benchmark, not a test.
 * The last line is JSON for `npm run bench` (main/reliability/bench-all.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { RunConfig, type Row } from '../../shared/domain';
import { openDatabase } from '../store/database';
import { insertRow, iterateRows } from '../store/rows/rows-repository';
import { bumpRowsDone, insertRun } from '../store/runs/runs-repository';
import { closeAppContext, createAppContext } from '../services/app/app-context';
import { executeRun } from '../services/runs/run-executor';
import { createRun } from '../services/runs/runs-service';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '10000' }, seed: { type: 'string', default: '1' } } });
const rows = Number(values.rows);
const sentence = 'a personal finance assistant that confirms before it moves money';
const root = mkdtempSync(join(tmpdir(), 'while-bench-simulate-'));

const context = createAppContext({ dataDir: join(root, 'run'), mode: 'cli' });
const config = RunConfig.parse({ source: { kind: 'describe', sentence }, budget: rows, seed: Number(values.seed) });
const run = await createRun(context, config);
const started = performance.now();
const summary = await executeRun({ db: context.db, runId: run.id });
const simulateSeconds = (performance.now() - started) / 1000;
const stored: Row[] = [...iterateRows(context.db, run.id)];
await closeAppContext(context);

const floorDb = openDatabase(join(root, 'floor', 'floor.sqlite'));
insertRun(floorDb, { id: 'floor', name: 'floor', status: 'running', config, now: 'now' });
const insertOne = floorDb.transaction((row: Row) => {
  insertRow(floorDb, row, { run_id: 'floor', duration_ms: 0, created_at: 'now' });
  bumpRowsDone(floorDb, 'floor', 'now');
});
const floorStarted = performance.now();
for (const row of stored) insertOne(row);
const floorSeconds = (performance.now() - floorStarted) / 1000;
floorDb.close();
rmSync(root, { recursive: true, force: true });

const simulateRate = summary.rows / simulateSeconds;
const floorRate = stored.length / floorSeconds;
const table = [
  ['measure', 'rows', 'seconds', 'rows/s'],
  ['simulate + store (offline, executor)', String(summary.rows), simulateSeconds.toFixed(2), simulateRate.toFixed(0)],
  ['floor: insert the same rows only', String(stored.length), floorSeconds.toFixed(2), floorRate.toFixed(0)],
];
for (const line of table)
  process.stdout.write(`${line[0]!.padEnd(38)}${line[1]!.padStart(8)}${line[2]!.padStart(10)}${line[3]!.padStart(10)}\n`);
const GOAL_RATIO = 0.25;
const ratio = simulateRate / floorRate;
process.stdout.write(`ratio simulate/floor: ${ratio.toFixed(3)} (goal >= ${GOAL_RATIO})\n`);
const result = {
  name: `simulate: ${summary.rows} offline rows stored`,
  measured: simulateRate,
  unit: 'rows/s',
  reference: floorRate,
  reference_name: 'SQLite inserts of the same rows',
  ratio,
  goal: `ratio >= ${GOAL_RATIO}`,
  met: ratio >= GOAL_RATIO,
};
process.stdout.write(`${JSON.stringify({ bench: 'simulate', results: [result] })}\n`);
