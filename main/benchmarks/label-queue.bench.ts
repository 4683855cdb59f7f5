/**
 * `tsx main/benchmarks/label-queue.bench.ts [rows] [data-dir]` (100,000 rows by default): what `labels.queue` costs on
 * a large graded and labelled run, per order, for the first page (`summary: true`: counts and first_unlabelled) and a
 * later page (`summary: false`), and which of the first page's queries costs what (judge_keys: a later page's judge
 * lookup; page and later_page: the queue's SQL alone at offsets 0 and 5,000). The first page keeps what it reads until
 * the store changes (label-queue-memo), so `summary true` is a first page asked again; `after a change` is the first
 * call after the store changed, and `after another order` the first page of this order right after another order's,
 * at the same store version (the judges and counts are kept, the page is read); `after a label` the first page right
 * after a person's label (by `queue-bench`), as the queue reads it when the person changes order or comes back: what
 * does not depend on labels stays kept per table version (migration 010). `summary false` is read afresh.
 * The store: `storeLabelledBenchRun` (main/test-support/labelled-bench-store.ts, shared with agreement.bench.ts):
 * generated rows with conduct checks, a rubric judge and a third judge, re-grades, two people, unsigned and model
 * labels, and a few simulator errors. With a data-dir, the store is built there once and reused on later runs. The
 * last line is JSON for `npm run bench`.
 */
import { cpus, loadavg } from 'node:os';
import type { LabelQueueOrder } from '../../shared/api/labels';
import { gradingJudgeKeys } from '../store/grades/judge-totals-repository';
import { queueCounts } from '../store/labels/label-queue-counts-repository';
import { annotatorLabelCounts, firstUnlabelled, queuePage, queueSnapshot } from '../store/labels/label-queue-repository';
import { type QueueRequest } from '../store/labels/label-queue-sql';
import { openLabelledBenchStore } from '../test-support/labelled-bench-store';
import { forgetStoreMemo, forgetTableMemo } from '../store/store-memo';
import { getAnnotator, setAnnotator } from '../store/labels/labels-repository';
import { labelQueue, setLabel } from '../services/labels/labels-service';
import { timeMs } from '../test-support/time-ms';

const RUN_ID = 'bench';
const ORDERS: LabelQueueOrder[] = ['generated', 'disagreements', 'unsure', 'stratified'];
const count = Number(process.argv[2] ?? 100_000);
const keptDir = process.argv[3];

const fmt = (ms: number) => ms.toFixed(0).padStart(6);

/** The median of `times` runs of `work`, each after an untimed `setup`. */
function medianMs(times: number, setup: () => void, work: () => void): number {
  const runs = Array.from({ length: times }, () => {
    setup();
    const start = performance.now();
    work();
    return performance.now() - start;
  }).sort((left, right) => left - right);
  return runs[Math.floor(times / 2)]!;
}
/** Rows the bench labels, one per call, by `queue-bench` (a name of its own, so no one's gold is touched twice). */
let labelled = 0;
function labelTarget(): string {
  labelled += 1;
  const found = context.db
    .prepare('SELECT id FROM rows WHERE run_id = ? ORDER BY ordinal LIMIT 1 OFFSET ?')
    .get(RUN_ID, (labelled * 7_919) % count) as { id: string };
  return found.id;
}
const store = openLabelledBenchStore({ runId: RUN_ID, count, ...(keptDir ? { keptDir } : {}), folderPrefix: 'label-queue-bench-' });
const { context } = store;
const annotator = getAnnotator(context.db);
setAnnotator(context.db, 'queue-bench');
try {
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
  const results: { name: string; measured: number; unit: string }[] = [];
  for (const order of ORDERS) {
    const first = timeMs(() => labelQueue(context, RUN_ID, { order, blind: false, offset: 0, limit: 50 }), 3);
    const cold = timeMs(() => {
      forgetStoreMemo(context.db);
      forgetTableMemo(context.db);
      labelQueue(context, RUN_ID, { order, blind: false, offset: 0, limit: 50 });
    }, 3);
    // A person's label, then this order's first page: what the store keeps per table (rows, grades) stays kept.
    const afterLabel = medianMs(
      3,
      () => {
        setLabel(context, labelTarget(), { label: 'pass', kind: 'human' });
      },
      () => labelQueue(context, RUN_ID, { order, blind: false, offset: 0, limit: 50 }),
    );
    const other = ORDERS.find((candidate) => candidate !== order)!;
    const switched = medianMs(
      3,
      () => {
        forgetStoreMemo(context.db);
        forgetTableMemo(context.db);
        labelQueue(context, RUN_ID, { order: other, blind: false, offset: 0, limit: 50 });
      },
      () => labelQueue(context, RUN_ID, { order, blind: false, offset: 0, limit: 50 }),
    );
    const output = labelQueue(context, RUN_ID, { order, blind: false, offset: 0, limit: 50 });
    // A later page is read once per snapshot: measured as read afresh, not kept.
    const later = timeMs(() => {
      forgetStoreMemo(context.db);
      forgetTableMemo(context.db);
      labelQueue(context, RUN_ID, {
        order,
        blind: false,
        judge: output.judge_key ?? undefined,
        snapshot: output.snapshot,
        summary: false,
        offset: 50,
        limit: 50,
      });
    }, 3);
    // The parts of the first page.
    const request: QueueRequest = {
      runId: RUN_ID,
      order,
      judge: gradingJudgeKeys(context.db, RUN_ID).find((judge) => judge.judge_key === output.judge_key) ?? null,
      annotator: output.annotator,
      snapshot: queueSnapshot(context.db, RUN_ID),
    };
    const parts = {
      judge_keys: timeMs(() => gradingJudgeKeys(context.db, RUN_ID), 3).median,
      page: timeMs(() => queuePage(context.db, request, 0, 50, false), 3).median,
      later_page: timeMs(() => queuePage(context.db, request, 5_000, 50, false), 3).median,
      counts: timeMs(() => queueCounts(context.db, request), 3).median,
      first_unlabelled: timeMs(() => firstUnlabelled(context.db, request), 3).median,
      by_label: timeMs(() => annotatorLabelCounts(context.db, RUN_ID, output.annotator), 3).median,
    };
    console.log(
      `${order.padEnd(14)} summary true ${fmt(first.median)} ms (runs ${first.runs.map((ms) => ms.toFixed(0)).join(', ')}); ` +
        `after a label ${fmt(afterLabel)} ms; after a change ${fmt(cold.median)} ms; after another order ${fmt(switched)} ms; summary ` +
        `false ${fmt(later.median)} ms; ` +
        Object.entries(parts)
          .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
          .join(', '),
    );
    results.push({ name: `labels.queue ${order} first page (summary) on ${count} rows`, measured: first.median, unit: 'ms' });
    results.push({ name: `labels.queue ${order} first page after a label on ${count} rows`, measured: afterLabel, unit: 'ms' });
    results.push({ name: `labels.queue ${order} first page after a store change on ${count} rows`, measured: cold.median, unit: 'ms' });
    results.push({ name: `labels.queue ${order} first page after another order's on ${count} rows`, measured: switched, unit: 'ms' });
    results.push({ name: `labels.queue ${order} later page on ${count} rows`, measured: later.median, unit: 'ms' });
  }
  console.log(JSON.stringify({ bench: 'label-queue', rows: count, results }));
} finally {
  setAnnotator(context.db, annotator);
  await store.close();
}
