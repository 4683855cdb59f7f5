/**
 * `tsx main/services/label-queue.bench.ts [rows] [data-dir]` (100,000 rows by default): what `labels.queue` costs on
 * a large graded and labelled run, per order, for the first page (`summary: true`: counts and first_unlabelled) and a
 * later page (`summary: false`), and which of the first page's queries costs what.
 * The store: `storeGeneratedRun` (conduct checks on 60% of rows, a rubric judge on 40%, about 2% labelled by `bench`),
 * plus a third judge (`line-judge@v2`, 80% of rows, some unsure, some erred), re-grades, a second person, unsigned and
 * model labels and a few simulator errors (as agreement.bench.ts). With a data-dir, the store is built there once and
 * reused on later runs. The last line is JSON for `npm run bench`.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LabelQueueOrder } from '../../shared/api/labels';
import { DATABASE_FILE } from '../store/database';
import { storeGeneratedRun } from '../store/__fixtures__/generated-rows';
import { annotatorLabelCounts, firstUnlabelled, gradingJudgeKeys, queueCounts, queuePage, queueSnapshot, type QueueRequest } from '../store/label-queue-repository';
import { closeAppContext, createAppContext, type AppContext } from './app-context';
import { labelQueue } from './labels-service';

const RUN_ID = 'bench';
const ORDERS: LabelQueueOrder[] = ['generated', 'disagreements', 'unsure', 'stratified'];
const count = Number(process.argv[2] ?? 100_000);
const keptDir = process.argv[3];
const NOW = '2026-01-02T00:00:00.000Z';

function buildStore(context: AppContext): void {
  storeGeneratedRun(context.db, { runId: RUN_ID, count });
  const db = context.db;
  db.transaction(() => {
    db.prepare(
      `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, unsure, provenance, created_at)
       SELECT id, run_id, CASE WHEN ordinal % 53 = 0 THEN NULL ELSE ((ordinal * 37) % 101) / 100.0 END, 'graded',
         CASE WHEN ordinal % 53 = 0 THEN 'error' ELSE 'ok' END, 'custom', 'line-judge', CASE WHEN ordinal % 17 = 0 THEN 1 ELSE 0 END,
         '{"judge":"line-judge","model":null,"rubric_hash":null,"settings":{},"version":"v2"}', @now
       FROM rows WHERE run_id = @run AND ordinal % 10 < 8`,
    ).run({ run: RUN_ID, now: NOW });
    db.prepare(
      `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, unsure, provenance, created_at)
       SELECT g.row_id, g.run_id, 1 - g.reward, 'regraded', 'ok', 'judge', 'rubric-judge', 0, g.provenance, @now
       FROM grades g JOIN rows r ON r.id = g.row_id
       WHERE g.run_id = @run AND g.judge_name = 'rubric-judge' AND r.ordinal % 29 = 0`,
    ).run({ run: RUN_ID, now: NOW });
    const label = db.prepare(
      `INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at)
       SELECT id, run_id, @label, @kind, @author, NULL, @now FROM rows WHERE run_id = @run AND ordinal % @every = @at`,
    );
    label.run({ run: RUN_ID, label: 'pass', kind: 'human', author: 'ann', every: 250, at: 0, now: NOW });
    label.run({ run: RUN_ID, label: 'fail', kind: 'human', author: 'ann', every: 310, at: 3, now: NOW });
    label.run({ run: RUN_ID, label: 'fail', kind: 'human', author: null, every: 1_000, at: 11, now: NOW });
    label.run({ run: RUN_ID, label: 'pass', kind: 'model', author: 'robot', every: 1_500, at: 5, now: NOW });
    label.run({ run: RUN_ID, label: 'simulator_error', kind: 'human', author: 'ann', every: 5_000, at: 7, now: NOW });
  })();
}

function timeMs(work: () => unknown, times: number): { median: number; runs: number[] } {
  work();
  const runs: number[] = [];
  for (let index = 0; index < times; index += 1) {
    const start = performance.now();
    work();
    runs.push(performance.now() - start);
  }
  const sorted = [...runs].sort((left, right) => left - right);
  return { median: sorted[Math.floor(sorted.length / 2)]!, runs };
}

const fmt = (ms: number) => ms.toFixed(0).padStart(6);
const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), 'label-queue-bench-'));
if (keptDir) mkdirSync(keptDir, { recursive: true });
const isBuilt = existsSync(join(dataDir, DATABASE_FILE));
const context = createAppContext({ dataDir, mode: 'cli' });
try {
  if (!isBuilt) {
    const building = performance.now();
    buildStore(context);
    console.log(`store of ${count} rows built in ${((performance.now() - building) / 1000).toFixed(0)} s (not measured)`);
  }
  console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
  const results: { name: string; measured: number; unit: string }[] = [];
  for (const order of ORDERS) {
    const first = timeMs(() => labelQueue(context, RUN_ID, { order, blind: false, offset: 0, limit: 50 }), 3);
    const output = labelQueue(context, RUN_ID, { order, blind: false, offset: 0, limit: 50 });
    const later = timeMs(
      () => labelQueue(context, RUN_ID, { order, blind: false, judge: output.judge_key ?? undefined, snapshot: output.snapshot, summary: false, offset: 50, limit: 50 }),
      3,
    );
    // The parts of the first page.
    const request: QueueRequest = {
      runId: RUN_ID,
      order,
      judge: gradingJudgeKeys(context.db, RUN_ID).find((judge) => judge.judge_key === output.judge_key) ?? null,
      annotator: output.annotator,
      snapshot: queueSnapshot(context.db, RUN_ID),
    };
    const parts = {
      page: timeMs(() => queuePage(context.db, request, 0, 50, false), 3).median,
      counts: timeMs(() => queueCounts(context.db, request), 3).median,
      first_unlabelled: timeMs(() => firstUnlabelled(context.db, request), 3).median,
      by_label: timeMs(() => annotatorLabelCounts(context.db, RUN_ID, output.annotator), 3).median,
    };
    console.log(
      `${order.padEnd(14)} summary true ${fmt(first.median)} ms (runs ${first.runs.map((ms) => ms.toFixed(0)).join(', ')}); summary false ${fmt(later.median)} ms; ` +
        Object.entries(parts).map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(', '),
    );
    results.push({ name: `labels.queue ${order} first page (summary) on ${count} rows`, measured: first.median, unit: 'ms' });
    results.push({ name: `labels.queue ${order} later page on ${count} rows`, measured: later.median, unit: 'ms' });
  }
  console.log(JSON.stringify({ bench: 'label-queue', rows: count, results }));
} finally {
  await closeAppContext(context);
  if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
}
