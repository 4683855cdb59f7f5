/**
 * `tsx main/benchmarks/run-jobs.bench.ts [-- --rows N --repeat K --worker default|source|bundle|<file> --warm-ms W]`: how long a person
 * waits on the Run screen. Through `RunJobs` (worker threads, as browser mode and the desktop app run them), K times:
 * from runs.start to the first row stored, to the first progress event and to the run's end; from runs.cancel to
 * the run stored `cancelled`; from runs.resume to the first new row stored. Prints the load average beside the
 * figures (the machine is shared). A benchmark, not a test; the last line is JSON for `npm run bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { EventPayload } from '../../shared/api';
import { RunConfig } from '../../shared/domain';
import { countRows } from '../store/rows/rows-repository';
import { getRun } from '../store/runs/runs-repository';
import { closeAppContext, createAppContext, type AppContext } from '../services/app/app-context';
import { sourceWorkerPath, bundledWorkerPath } from '../services/runs/run-jobs';
import { cancelRun, resumeRun, startRun } from '../services/runs/runs-service';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '300' },
    repeat: { type: 'string', default: '3' },
    worker: { type: 'string', default: 'default' },
    /** As the app does at its start (resumeInterrupted): a worker is started this many ms before the first Start. */
    'warm-ms': { type: 'string', default: '0' },
  },
});
const rows = Number(values.rows);
const warmMs = Number(values['warm-ms']);
const repeat = Number(values.repeat);
const sentence = 'a personal finance assistant that confirms before it moves money';

function workerPath(): URL | string | undefined {
  if (values.worker === 'source') return sourceWorkerPath();
  if (values.worker === 'bundle') {
    const bundled = bundledWorkerPath();
    if (!bundled) throw new Error('No fresh dist/electron/run-worker.cjs: run `npm run build:electron` first.');
    return bundled;
  }
  return values.worker === 'default' ? undefined : values.worker;
}

/** Resolves with the ms from `since` until `check` first holds, polling the store every 2 ms. */
async function until(check: () => boolean, since: number, limitMs = 120_000): Promise<number> {
  for (;;) {
    if (check()) return performance.now() - since;
    if (performance.now() - since > limitMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

function firstProgress(context: AppContext, runId: string, since: number): Promise<number> {
  return new Promise((resolve) => {
    const unsubscribe = context.events.subscribe((name, payload) => {
      if (
        name === 'run-progress' &&
        (payload as EventPayload<'run-progress'>).run_id === runId &&
        (payload as EventPayload<'run-progress'>).rows_done > 0
      ) {
        unsubscribe();
        resolve(performance.now() - since);
      }
    });
  });
}

function runEnd(context: AppContext, runId: string, since: number): Promise<number> {
  return new Promise((resolve) => {
    const unsubscribe = context.events.subscribe((name, payload) => {
      if (name === 'run-end' && (payload as EventPayload<'run-end'>).run_id === runId) {
        unsubscribe();
        resolve(performance.now() - since);
      }
    });
  });
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] ?? Number.NaN;

const root = mkdtempSync(join(tmpdir(), 'while-bench-run-jobs-'));
const context = createAppContext({ dataDir: join(root, 'data'), mode: 'browser', runWorkerPath: workerPath() });
const samples: Record<string, number[]> = {
  first_row: [],
  first_progress: [],
  whole_run: [],
  cancel: [],
  cancel_queued: [],
  resume_first_row: [],
};
const cancelledAt: number[] = [];
const askedAt: number[] = [];
const loadBefore = loadavg()[0]!;
if (warmMs > 0) {
  context.jobs.warm();
  await new Promise((resolve) => setTimeout(resolve, warmMs));
}
try {
  for (let index = 0; index < repeat; index++) {
    // A whole run: start to the first row, to the first progress event, to its end.
    const config = RunConfig.parse({ source: { kind: 'describe', sentence }, budget: rows, seed: index + 1 });
    let since = performance.now();
    const run = await startRun(context, config);
    const progressed = firstProgress(context, run.id, since);
    const ended = runEnd(context, run.id, since);
    samples.first_row!.push(await until(() => countRows(context.db, run.id) > 0, since));
    samples.first_progress!.push(await progressed);
    samples.whole_run!.push(await ended);

    // Cancel at once, before the worker stored anything.
    const early = await startRun(context, RunConfig.parse({ source: { kind: 'describe', sentence }, budget: 1500, seed: 200 + index }));
    since = performance.now();
    const earlyEnd = runEnd(context, early.id, since);
    cancelRun(context, early.id);
    samples.cancel_queued!.push(await until(() => getRun(context.db, early.id)?.status === 'cancelled', since));
    await earlyEnd;

    // Cancel once rows flow (within the first batch), then resume.
    const big = await startRun(context, RunConfig.parse({ source: { kind: 'describe', sentence }, budget: 1500, seed: 100 + index }));
    await until(() => countRows(context.db, big.id) >= 5, performance.now());
    since = performance.now();
    const cancelled = runEnd(context, big.id, since);
    askedAt.push(countRows(context.db, big.id));
    cancelRun(context, big.id);
    samples.cancel!.push(await until(() => getRun(context.db, big.id)?.status === 'cancelled', since));
    await cancelled;
    cancelledAt.push(countRows(context.db, big.id));
    const stored = countRows(context.db, big.id);
    since = performance.now();
    const resumedEnd = runEnd(context, big.id, since);
    resumeRun(context, big.id);
    samples.resume_first_row!.push(await until(() => countRows(context.db, big.id) > stored, since));
    cancelRun(context, big.id);
    await resumedEnd;
  }
} finally {
  await closeAppContext(context);
  rmSync(root, { recursive: true, force: true });
}
const loadAfter = loadavg()[0]!;

process.stdout.write(
  `worker: ${values.worker}; ${rows}-row runs, ${repeat} times ` +
    `(${warmMs > 0 ? `a worker started ${warmMs} ms before the first start` : 'the first start finds no worker up'}); load average (1 ` +
    `min) ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after\n`,
);
const labels: Record<string, string> = {
  first_row: 'runs.start -> first row stored',
  first_progress: 'runs.start -> first progress event',
  whole_run: `runs.start -> ${rows} rows, run ended`,
  cancel: 'runs.cancel (rows flowing) -> cancelled',
  cancel_queued: 'runs.cancel (just started) -> cancelled',
  resume_first_row: 'runs.resume -> first new row stored',
};
for (const [key, numbers] of Object.entries(samples)) {
  process.stdout.write(
    `${labels[key]!.padEnd(40)} median ${median(numbers).toFixed(0).padStart(6)} ms   ` +
      `(${numbers.map((value) => value.toFixed(0)).join(', ')})\n`,
  );
}
process.stdout.write(`mid-run cancel: rows stored when asked ${askedAt.join(', ')}; when cancelled ${cancelledAt.join(', ')}\n`);
/** Goals on a 2-core machine, as a person reads the Run screen: rows within a second, a cancel within half of one. */
const GOALS = { first_row: 1000, cancel: 500, resume_first_row: 1000 } as const;
const results = (Object.keys(GOALS) as (keyof typeof GOALS)[]).map((key) => {
  const measured = median(samples[key]!);
  return {
    name: `run jobs: ${labels[key]} (median of ${repeat}, ${values.worker} worker, load ${loadBefore.toFixed(1)})`,
    measured,
    unit: 'ms',
    reference: GOALS[key],
    reference_name: 'goal',
    ratio: measured / GOALS[key],
    goal: `<= ${GOALS[key]} ms`,
    met: measured <= GOALS[key],
  };
});
process.stdout.write(`${JSON.stringify({ bench: 'run-jobs', results })}\n`);
