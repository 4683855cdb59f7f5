/**
 * `tsx main/services/agreement.bench.ts [rows] [data-dir]` (100,000 rows by default): what `agreement.get` and
 * `agreement.export` cost on a large graded and labelled run, the call the labeling queue makes after every burst of
 * labels (main answers one call at a time, so labels wait behind it).
 * The store: `storeGeneratedRun` (conduct checks on 60% of rows, a rubric judge on 40%, about 2% labelled by `bench`),
 * plus a third judge (`line-judge@v2`, 80% of rows, some unsure, some erred), newer re-grades of some rubric rows, a
 * second person on some labelled rows, unsigned and model labels, and a few simulator errors.
 * Both the service and the reference (the implementation before it was made fast, `__fixtures__/agreement-reference`)
 * are timed on the same store in this process, and their outputs compared. With a data-dir, the store is built there
 * once and reused on later runs. Goal: agreement.get under 300 ms. The last line is JSON for `npm run bench`.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { DATABASE_FILE } from '../store/database';
import { storeGeneratedRun } from '../store/__fixtures__/generated-rows';
import { agreementExport, agreementReport } from './agreement-service';
import { closeAppContext, createAppContext, type AppContext } from './app-context';
import { referenceAgreementExport, referenceAgreementReport } from './__fixtures__/agreement-reference';

const GOAL_MS = 300;
const RUN_ID = 'bench';
const count = Number(process.argv[2] ?? 100_000);
const keptDir = process.argv[3];

const NOW = '2026-01-02T00:00:00.000Z';

/** The generated run, then a third judge, re-grades, more people and kinds of label, and simulator errors (in SQL). */
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
    // A second person on some of bench's rows (and others), unsigned and model labels, and simulator errors.
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

const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), 'agreement-bench-'));
if (keptDir) mkdirSync(keptDir, { recursive: true });
const isBuilt = existsSync(join(dataDir, DATABASE_FILE));
const context = createAppContext({ dataDir, mode: 'cli' });
try {
  if (!isBuilt) {
    const building = performance.now();
    buildStore(context);
    console.log(`store of ${count} rows built in ${((performance.now() - building) / 1000).toFixed(0)} s (not measured)`);
  }
  const shape = context.db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM rows WHERE run_id = @run) AS rows, (SELECT COUNT(*) FROM grades WHERE run_id = @run) AS grades,
        (SELECT COUNT(*) FROM labels WHERE run_id = @run) AS labels, (SELECT COUNT(DISTINCT row_id) FROM labels WHERE run_id = @run) AS labelled`,
    )
    .get({ run: RUN_ID }) as Record<string, number>;
  console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((value) => value.toFixed(1)).join(' ')} (other work on the machine slows every figure)`);
  console.log(`run: ${shape.rows} rows, ${shape.grades} grades by 3 judges, ${shape.labels} labels on ${shape.labelled} rows`);

  const report = agreementReport(context, RUN_ID, { judge_name: 'rubric-judge' });
  const reference = referenceAgreementReport(context, RUN_ID, { judge_name: 'rubric-judge' });
  const isReportEqual = isDeepStrictEqual(report, reference);
  const isExportEqual = isDeepStrictEqual(agreementExport(context, RUN_ID, { judge_name: 'line-judge' }), referenceAgreementExport(context, RUN_ID, { judge_name: 'line-judge' }));
  console.log(`n_rows ${report.n_rows}, n_gold ${report.n_gold}, judges ${report.judges.map((judge) => judge.judge_key).join(', ')}`);
  console.log(`same output as the reference: agreement.get ${isReportEqual}, agreement.export ${isExportEqual}`);

  const get = timeMs(() => agreementReport(context, RUN_ID), 7);
  const getBefore = timeMs(() => referenceAgreementReport(context, RUN_ID), 3);
  const exported = timeMs(() => agreementExport(context, RUN_ID), 5);
  const exportedBefore = timeMs(() => referenceAgreementExport(context, RUN_ID), 3);
  const show = (name: string, after: { median: number; runs: number[] }, before: { median: number }) =>
    console.log(`${name.padEnd(17)} ${after.median.toFixed(0).padStart(6)} ms median (runs ${after.runs.map((ms) => ms.toFixed(0)).join(', ')}); before ${before.median.toFixed(0)} ms; ${(before.median / after.median).toFixed(1)}x`);
  show('agreement.get', get, getBefore);
  show('agreement.export', exported, exportedBefore);
  console.log(
    JSON.stringify({
      bench: 'agreement',
      rows: count,
      identical: isReportEqual && isExportEqual,
      results: [
        { name: `agreement.get on ${count} rows`, measured: get.median, unit: 'ms', reference: getBefore.median, reference_name: 'before', ratio: getBefore.median / get.median, goal: `< ${GOAL_MS} ms`, met: get.median < GOAL_MS },
        { name: `agreement.export on ${count} rows`, measured: exported.median, unit: 'ms', reference: exportedBefore.median, reference_name: 'before', ratio: exportedBefore.median / exported.median },
      ],
    }),
  );
} finally {
  await closeAppContext(context);
  if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
}
