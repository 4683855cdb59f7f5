/**
 * `tsx main/benchmarks/agreement.bench.ts [rows] [data-dir]` (100,000 rows by default): what `agreement.get` and
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
import { forgetTableMemo } from '../store/store-memo';
import { getAnnotator, setAnnotator } from '../store/labels/labels-repository';
import { forgetRunLabels } from '../services/grading/agreement-memo';
import { agreementExport, agreementReport } from '../services/grading/agreement-service';
import { setLabel } from '../services/labels/labels-service';
import { referenceAgreementExport, referenceAgreementReport } from '../test-support/agreement-reference';
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
        (SELECT COUNT(*) FROM labels WHERE run_id = @run) AS labels,
        (SELECT COUNT(DISTINCT row_id) FROM labels WHERE run_id = @run) AS labelled`,
    )
    .get({ run: RUN_ID }) as Record<string, number>;
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} (other work on the machine slows every figure)`,
  );
  console.log(`run: ${shape.rows} rows, ${shape.grades} grades by 3 judges, ${shape.labels} labels on ${shape.labelled} rows`);

  const report = agreementReport(context, RUN_ID, { judge_name: 'rubric-judge' });
  const reference = referenceAgreementReport(context, RUN_ID, { judge_name: 'rubric-judge' });
  const isReportEqual = isDeepStrictEqual(report, reference);
  const isExportEqual = isDeepStrictEqual(
    agreementExport(context, RUN_ID, { judge_name: 'line-judge' }),
    referenceAgreementExport(context, RUN_ID, { judge_name: 'line-judge' }),
  );
  console.log(`n_rows ${report.n_rows}, n_gold ${report.n_gold}, judges ${report.judges.map((judge) => judge.judge_key).join(', ')}`);
  console.log(`same output as the reference: agreement.get ${isReportEqual}, agreement.export ${isExportEqual}`);

  // Cold: nothing kept (the first read of a run, or after grades landed); then the read after each label, as the
  // trust panel makes it (only the labels are read again); then asked again with no write between.
  const cold = timeMs(() => {
    forgetTableMemo(context.db);
    forgetRunLabels(context.db);
    agreementReport(context, RUN_ID);
  }, 3);
  const annotator = getAnnotator(context.db);
  setAnnotator(context.db, 'agreement-bench');
  const rowIds = (context.db.prepare('SELECT id FROM rows WHERE run_id = ? AND ordinal % 9973 = 1').all(RUN_ID) as { id: string }[]).map(
    (row) => row.id,
  );
  const afterLabel: number[] = [];
  for (const [index, rowId] of rowIds.slice(0, 7).entries()) {
    setLabel(context, rowId, { label: index % 2 === 0 ? 'pass' : 'fail', kind: 'human' });
    const started = performance.now();
    agreementReport(context, RUN_ID);
    afterLabel.push(performance.now() - started);
  }
  setAnnotator(context.db, annotator);
  const afterLabelMedian = [...afterLabel].sort((left, right) => left - right)[Math.floor(afterLabel.length / 2)]!;
  const isAfterLabelEqual = isDeepStrictEqual(agreementReport(context, RUN_ID), referenceAgreementReport(context, RUN_ID));
  const get = timeMs(() => agreementReport(context, RUN_ID), 7);
  const getBefore = timeMs(() => referenceAgreementReport(context, RUN_ID), 3);
  const exported = timeMs(() => agreementExport(context, RUN_ID), 5);
  const exportedBefore = timeMs(() => referenceAgreementExport(context, RUN_ID), 3);
  const show = (name: string, after: { median: number; runs: number[] }, before: { median: number }) =>
    console.log(
      `${name.padEnd(17)} ${after.median.toFixed(0).padStart(6)} ms median (runs ${after.runs.map((ms) => ms.toFixed(0)).join(', ')}); ` +
        `before ${before.median.toFixed(0)} ms; ${(before.median / after.median).toFixed(1)}x`,
    );
  show('agreement.get cold', cold, getBefore);
  console.log(
    `agreement.get after a label ${afterLabelMedian.toFixed(0).padStart(6)} ms median (runs ` +
      `${afterLabel.map((ms) => ms.toFixed(0)).join(', ')}); same as the reference after them: ${isAfterLabelEqual}`,
  );
  show('agreement.get again', get, getBefore);
  show('agreement.export', exported, exportedBefore);
  console.log(
    JSON.stringify({
      bench: 'agreement',
      rows: count,
      identical: isReportEqual && isExportEqual && isAfterLabelEqual,
      results: [
        {
          name: `agreement.get after a label on ${count} rows`,
          measured: afterLabelMedian,
          unit: 'ms',
          reference: getBefore.median,
          reference_name: 'before',
          ratio: getBefore.median / afterLabelMedian,
          goal: `< ${GOAL_MS} ms`,
          met: afterLabelMedian < GOAL_MS,
        },
        {
          name: `agreement.get cold on ${count} rows`,
          measured: cold.median,
          unit: 'ms',
          reference: getBefore.median,
          reference_name: 'before',
          ratio: getBefore.median / cold.median,
        },
        {
          name: `agreement.get again on ${count} rows`,
          measured: get.median,
          unit: 'ms',
          reference: getBefore.median,
          reference_name: 'before',
          ratio: getBefore.median / get.median,
          goal: `< ${GOAL_MS} ms`,
          met: get.median < GOAL_MS,
        },
        {
          name: `agreement.export on ${count} rows`,
          measured: exported.median,
          unit: 'ms',
          reference: exportedBefore.median,
          reference_name: 'before',
          ratio: exportedBefore.median / exported.median,
        },
      ],
    }),
  );
} finally {
  await store.close();
}
