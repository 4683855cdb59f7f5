/**
 * `npm run bench:scale [-- --sizes 100000,1000000] [--data-dir DIR] [--skip-ui]`: ten times the rows. For each size a
 * store holds one generated, graded and labelled run with its prepared export lines (main/benchmarks/scale-store.ts,
 * kept in DIR/<size> and reused by later runs when --data-dir is given; a 1,000,000-row store takes tens of minutes to
 * build). Measured on each: the store's size; the calls behind the conversations table (first page, filter menus, a
 * filter, a sort, a page mid-run, the menus under Judge fail and a page asked for while they count), the coverage view
 * and agreement, each right after the store opened and again (scale-api.ts); the default SFT and TRL exports (prepared
 * lines) with the compiled `wai`, against raw writes of every byte they wrote (data, metadata and card), with its peak
 * memory (scale-export.ts); and the table in Chromium (first page, filter, the longest task while scrolling) by
 * e2e/ui.bench.ts on the same store. Then how each cost grows from the smallest size to the largest. Goals (issue 25):
 * first page and filter under 300 ms, no task over 50 ms while scrolling, the export at half the raw rate under 300 MB,
 * the store under 8 GB. The last line is JSON for `npm run bench`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { BenchResult } from '../reliability/bench-report';
import { benchReport } from '../reliability/bench-report';
import { DATABASE_FILE } from '../store/database';
import { timeCalls } from './scale-api';
import { measureExport } from './scale-export';
import { scaleStore } from './scale-store';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GOALS = { page_ms: 300, task_ms: 50, export_ratio: 0.5, export_peak_mb: 300, store_gb: 8 };

const { values } = parseArgs({
  options: { sizes: { type: 'string', default: '100000,1000000' }, 'data-dir': { type: 'string' }, 'skip-ui': { type: 'boolean' } },
});
const sizes = values.sizes.split(',').map(Number);
const root = values['data-dir'] ?? mkdtempSync(join(tmpdir(), 'while-scale-'));

/** One figure at one size; `goal` checks the largest size's figure. */
interface Figure {
  name: string;
  unit: string;
  value: number;
  goal?: { text: string; isMet: (value: number) => boolean };
}

const fileBytes = (path: string) => statSync(path, { throwIfNoEntry: false })?.size ?? 0;

/** The table in Chromium, by e2e/ui.bench.ts on this store (it reuses the store in the folder it is given). */
function uiFigures(dataDir: string, rows: number): Figure[] {
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/ui.bench.ts', '--data-dir', dataDir, '--rows', String(rows)], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const report = benchReport(child.stdout);
  if (!report) throw new Error(`the UI bench gave no report (exit ${child.status}):\n${child.stdout}\n${child.stderr}`);
  process.stdout.write(
    child.stdout
      .split('\n')
      .filter((line) => !line.startsWith('{'))
      .join('\n'),
  );
  const ms = (fragment: string) => report.results.find((result) => result.name.includes(fragment))!.measured;
  const under = (goal: number, isAtMost = false) => ({
    text: `${isAtMost ? '<=' : '<'} ${goal} ms`,
    isMet: (value: number) => (isAtMost ? value <= goal : value < goal),
  });
  return [
    { name: 'table in Chromium: first page (median)', unit: 'ms', value: ms('first page'), goal: under(GOALS.page_ms) },
    { name: 'table in Chromium: filter applied (median)', unit: 'ms', value: ms('filter applied'), goal: under(GOALS.page_ms) },
    { name: 'table in Chromium: longest task scrolling, wall', unit: 'ms', value: ms('scrolling, wall'), goal: under(GOALS.task_ms, true) },
    { name: 'table in Chromium: longest task scrolling, CPU', unit: 'ms', value: ms('scrolling, CPU'), goal: under(GOALS.task_ms, true) },
  ];
}

async function measureSize(rows: number): Promise<Figure[]> {
  const dataDir = join(root, String(rows));
  mkdirSync(dataDir, { recursive: true });
  const built = scaleStore(dataDir, rows);
  process.stdout.write(
    `\n${rows.toLocaleString('en')} rows in ${dataDir}: ${built.isKept ? 'store kept' : `built in ${built.seconds.toFixed(0)} s`}\n`,
  );
  const path = join(dataDir, DATABASE_FILE);
  const storeGb = (fileBytes(path) + fileBytes(`${path}-wal`)) / 1e9;
  const figures: Figure[] = [
    { name: 'store size', unit: 'GB', value: storeGb, goal: { text: `< ${GOALS.store_gb} GB`, isMet: (value) => value < GOALS.store_gb } },
  ];
  for (const call of await timeCalls(dataDir, rows)) {
    process.stdout.write(
      `  ${call.name.padEnd(58)} first ${call.first_ms.toFixed(0).padStart(6)} ms, then ${call.median_ms.toFixed(0)} ms\n`,
    );
    figures.push({ name: `${call.name}, first call`, unit: 'ms', value: call.first_ms });
    figures.push({ name: `${call.name}, again`, unit: 'ms', value: call.median_ms });
  }
  for (const format of ['openai', 'trl'] as const) {
    const run = await measureExport(dataDir, format);
    const megabytes = run.bytes / 1e6;
    const ratio = run.raw_seconds / run.seconds;
    // The figure before issue 25's correction: the raw time of train.jsonl's bytes alone (at the same raw rate).
    const trainRatio = (run.raw_seconds * run.train_bytes) / run.bytes / run.seconds;
    const peak = run.peak_bytes === null ? Number.NaN : run.peak_bytes / 1e6;
    const label = format === 'openai' ? 'export, default SFT (prepared lines)' : 'export, TRL (prepared lines)';
    process.stdout.write(
      `  ${label}: ${megabytes.toFixed(0)} MB (all files) in ${run.seconds.toFixed(1)} s (${(megabytes / run.seconds).toFixed(0)} MB/s; ` +
        `raw ${(megabytes / run.raw_seconds).toFixed(0)} MB/s; ratio ${ratio.toFixed(2)}; against train.jsonl's ` +
        `${(run.train_bytes / 1e6).toFixed(0)} MB alone ${trainRatio.toFixed(2)}), peak ${peak.toFixed(0)} MB\n`,
    );
    figures.push(
      {
        name: `${label}: rate / raw rate`,
        unit: '',
        value: ratio,
        goal: { text: `>= ${GOALS.export_ratio}`, isMet: (value) => value >= GOALS.export_ratio },
      },
      { name: `${label}: rate / raw rate, train.jsonl's bytes alone`, unit: '', value: trainRatio },
      { name: `${label}: time`, unit: 's', value: run.seconds },
      {
        name: `${label}: peak memory`,
        unit: 'MB',
        value: peak,
        goal: { text: `< ${GOALS.export_peak_mb} MB`, isMet: (value) => value < GOALS.export_peak_mb },
      },
    );
  }
  if (!values['skip-ui']) figures.push(...uiFigures(dataDir, rows));
  return figures;
}

const bySize = new Map<number, Figure[]>();
try {
  for (const rows of sizes) bySize.set(rows, await measureSize(rows));
} finally {
  if (!values['data-dir']) rmSync(root, { recursive: true, force: true });
}

const [smallest, largest] = [sizes[0]!, sizes.at(-1)!];
const show = (value: number) =>
  Number.isNaN(value) ? '-' : value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(1) : value.toFixed(3);
const [smallestText, largestText] = [smallest.toLocaleString('en'), largest.toLocaleString('en')];
const header = `| figure | ${smallestText} rows | ${largestText} rows | grows | goal (at ${largestText}) | met? |`;
const lines = [header, '|---|--:|--:|--:|---|---|'];
const results: BenchResult[] = [];
for (const [index, figure] of bySize.get(largest)!.entries()) {
  const small = bySize.get(smallest)![index]!.value;
  const growth = figure.value / small;
  const grows = Number.isFinite(growth) ? `x${show(growth)}` : '-';
  const met = figure.goal ? figure.goal.isMet(figure.value) : null;
  lines.push(
    `| ${figure.name} | ${show(small)} ${figure.unit} | ${show(figure.value)} ${figure.unit} | ${grows} | ` +
      `${figure.goal?.text ?? '-'} | ${met === null ? '-' : met ? 'yes' : 'NO'} |`,
  );
  results.push({
    name: `scale ${largestText} rows: ${figure.name}`,
    measured: figure.value,
    unit: figure.unit,
    reference: small,
    reference_name: `${smallestText} rows (ratio: how it grows)`,
    ratio: Number.isFinite(growth) ? growth : null,
    goal: figure.goal?.text ?? '-',
    met,
  });
}
const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), load average ${loadavg()
  .map((value) => value.toFixed(1))
  .join(' ')}`;
process.stdout.write(`\nTen times the rows, ${new Date().toISOString().slice(0, 10)}, ${machine}:\n\n${lines.join('\n')}\n`);
process.stdout.write(`${JSON.stringify({ bench: 'scale', sizes, results })}\n`);
