/**
 * `tsx main/services/agreement.bench.ts [rows] [data-dir]` (100,000 rows by default): what `agreement.get` and
 * `agreement.export` cost on a large graded and labelled run, the call the labeling queue makes after every burst of
 * labels (main answers one call at a time, so labels wait behind it).
 * The store: `storeLabelledBenchRun` (main/test-support/labelled-bench-store.ts): generated rows with conduct checks, a
 * rubric judge and a third judge, re-grades, two people, unsigned and model labels, and a few simulator errors.
 * Both the service and the reference (the implementation before it was made fast, `__fixtures__/agreement-reference`)
 * are timed on the same store in this process, and their outputs compared. With a data-dir, the store is built there
 * once and reused on later runs. Goal: agreement.get under 300 ms. The last line is JSON for `npm run bench`.
 */
import { cpus, loadavg } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { openLabelledBenchStore } from '../test-support/labelled-bench-store';
import { agreementExport, agreementReport } from './agreement-service';
import { referenceAgreementExport, referenceAgreementReport } from './__fixtures__/agreement-reference';
import { timeMs } from '../test-support/time-ms';

const GOAL_MS = 300;
const RUN_ID = 'bench';
const count = Number(process.argv[2] ?? 100_000);
const keptDir = process.argv[3];

const store = openLabelledBenchStore({ runId: RUN_ID, count, ...(keptDir ? { keptDir } : {}), folderPrefix: 'agreement-bench-' });
const { context } = store;
try {
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
  await store.close();
}
