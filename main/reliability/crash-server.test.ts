// Browser mode killed with SIGKILL at random points while it runs a simulation in its worker, takes labels over HTTP
// and writes an export, many times over one data folder; after each kill the store and the export folder are checked,
// and at the end the run, resumed at each start, must equal a run that never stopped.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportRequest } from '../../shared/api/exports';
import { RunConfig, type Run } from '../../shared/domain';
import { closeAppContext, createAppContext } from '../services/app/app-context';
import { runExport } from '../services/exports/export-service';
import { executeRun } from '../services/runs/run-executor';
import { createRun } from '../services/runs/runs-service';
import { DATABASE_FILE } from '../store/database';
import { seedExportRun } from '../test-support/export-run';
import {
  call,
  callOk,
  crashLoop,
  killHard,
  sleep,
  startServer,
  stopGently,
  waitFor,
  type LoopReport,
  type ServerProcess,
} from './crash-harness';
import { checkExportFolder, filesIn } from './export-folder';
import { loopTimeout, reliabilitySettings } from './long-mode';
import { crashView, rowBodies } from './store-checks';

const settings = reliabilitySettings();
const SENTENCE = 'a personal finance assistant that confirms before it moves money';
/** Big enough that the run is still going after the short loop's kills (each start resumes it). */
const BUDGET = settings.isLong ? 3000 : 240;
/** A mid-run kill waits for the run to pass its stored rows by 1 to this many more. */
const MID_RUN_STEP = settings.isLong ? 150 : 60;
const CONFIG = { source: { kind: 'describe' as const, sentence: SENTENCE }, budget: BUDGET, seed: 5 };
/**
 * Where each iteration aims its kill, in turn; the exact moment within it is random. Labels are given throughout and
 * the run is going in every one. `mid-run` comes third so that even CI's three kills wait for the run to pass its
 * stored rows on a restarted server: an interrupted run resumes, not just at the very end.
 */
const KILL_MOMENTS = ['mid-export', 'mid-labels', 'mid-run', 'at-start'] as const;
/** Labelling kills land up to this many ms after the server listens. */
const MAX_KILL_DELAY_MS = 2500;
const LABELS = ['pass', 'fail', 'unsure', 'skip'] as const;

let root: string;
let dataDir: string;
let exportDir: string;
let databasePath: string;
let labelRows: string[];
/** Exported while the labels land elsewhere: labels reach the exported lines (gold_kind), so the two runs are kept apart. */
let exportRunId: string;
let referenceExport: Map<string, Buffer>;
let referenceRows: Map<number, string>;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'while-crash-server-'));
  dataDir = join(root, 'data');
  exportDir = join(root, 'export');
  databasePath = join(dataDir, DATABASE_FILE);
  const context = createAppContext({ dataDir, mode: 'cli' });
  try {
    const seeded = await seedExportRun(context, { budget: 40 });
    labelRows = (
      context.db
        .prepare('SELECT id FROM rows WHERE run_id = ? AND id != ? ORDER BY ordinal')
        .all(seeded.run_id, seeded.simulator_error_row) as { id: string }[]
    ).map((row) => row.id);
    exportRunId = (await seedExportRun(context, { budget: 240, seed: 2 })).run_id;
    await runExport(
      context,
      ExportRequest.parse({ selection: { run_id: exportRunId }, destination: { kind: 'folder', folder: join(root, 'reference-export') } }),
    );
    referenceExport = filesIn(join(root, 'reference-export'));
  } finally {
    await closeAppContext(context);
  }
  const referenceDir = join(root, 'reference-run');
  const reference = createAppContext({ dataDir: referenceDir, mode: 'cli' });
  try {
    const run = await createRun(reference, RunConfig.parse(CONFIG));
    await executeRun({ db: reference.db, runId: run.id });
    referenceRows = rowBodies(join(referenceDir, DATABASE_FILE), run.id);
  } finally {
    await closeAppContext(reference);
  }
}, 300_000);

/** Labels given over HTTP, by note (each call's own), with the rows each covers and whether the server acknowledged it. */
const given = new Map<string, { rows: string[]; acknowledged: boolean }>();

/** Labels rows one call after another until the server stops answering; returns how many were acknowledged. */
async function labelUntilKilled(
  server: ServerProcess,
  iteration: number,
  random: { below(n: number): number; chance(p: number): boolean },
): Promise<number> {
  let acknowledged = 0;
  for (let n = 0; ; n += 1) {
    const label = LABELS[random.below(LABELS.length)]!;
    const many = random.chance(0.2);
    const rows = many ? [0, 1, 2].map(() => labelRows[random.below(labelRows.length)]!) : [labelRows[random.below(labelRows.length)]!];
    const note = `${many ? 'M' : 'L'}${iteration}-${n}`;
    const entry = { rows: [...new Set(rows)], acknowledged: false };
    given.set(note, entry);
    try {
      const result = many
        ? await call(server, 'labels.set_many', { row_ids: entry.rows, label, note })
        : await call(server, 'labels.set', { row_id: entry.rows[0]!, label, note });
      if (!result.ok) throw new Error(`labels refused: ${result.error.message}`);
      entry.acknowledged = true;
      acknowledged += 1;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('labels refused')) throw error;
      return acknowledged;
    }
  }
}

/** After a kill: every acknowledged label is stored once per row, an unacknowledged one fully or not at all, none twice. */
function checkLabels(): { stored: number; lostInFlight: number } {
  const counts = new Map<string, number>();
  for (const label of crashView(databasePath).labels) if (label.note) counts.set(label.note, (counts.get(label.note) ?? 0) + 1);
  let lostInFlight = 0;
  for (const [note, entry] of given) {
    const stored = counts.get(note) ?? 0;
    if (entry.acknowledged) expect(stored, `acknowledged label ${note}`).toBe(entry.rows.length);
    else expect([0, entry.rows.length], `label ${note} in flight at the kill`).toContain(stored);
    if (!entry.acknowledged && stored === 0) lostInFlight += 1;
  }
  return { stored: [...counts.values()].reduce((sum, n) => sum + n, 0), lostInFlight };
}

let runId: string | undefined;
let lastRows = 0;
let report: LoopReport | undefined;

afterAll(() => {
  if (report)
    process.stdout.write(`${report.name}: ${report.iterations} kills in ${(report.ms / 1000).toFixed(1)} s\n${report.log.join('\n')}\n`);
});

describe('browser mode killed at random points', () => {
  it(
    'keeps every stored row, label and export file whole, and resumes the run to the rows of a run that never stopped',
    async () => {
      report = await crashLoop('server', settings, async (iteration, random) => {
        const server = await startServer(dataDir);
        if (runId === undefined) runId = ((await callOk(server, 'runs.start', { config: CONFIG })) as Run).id;
        const labelling = labelUntilKilled(server, iteration, random);
        const moment = KILL_MOMENTS[iteration % KILL_MOMENTS.length]!;
        let where: string;
        switch (moment) {
          case 'mid-run': {
            const target = Math.min(BUDGET, lastRows + 1 + random.below(MID_RUN_STEP));
            await waitFor(
              `${target} rows`,
              async () => {
                const { run } = (await callOk(server, 'runs.get', { run_id: runId! })) as { run: Run };
                return run.rows_done >= target || ['completed', 'failed', 'cancelled'].includes(run.status);
              },
              120_000,
              20,
            );
            const delay = random.below(40);
            await sleep(delay);
            where = `${delay} ms after the run passed ${target} rows`;
            break;
          }
          case 'mid-export': {
            await callOk(server, 'exports.start', {
              selection: { run_id: exportRunId },
              destination: { kind: 'folder', folder: exportDir },
            });
            const delay = random.below(400);
            await sleep(delay);
            where = `${delay} ms into an export`;
            break;
          }
          case 'mid-labels':
          case 'at-start': {
            const delay = random.below(moment === 'at-start' ? 300 : MAX_KILL_DELAY_MS);
            await sleep(delay);
            where = `${delay} ms after the server listened (${moment})`;
            break;
          }
        }
        await killHard(server.child, server.exited);
        const acknowledged = await labelling;

        const view = crashView(databasePath);
        expect(view.integrity).toBe('ok');
        const run = view.runs.find((entry) => entry.id === runId)!;
        const rows = view.rows[runId!] ?? { n: 0, distinct: 0, max_ordinal: null };
        expect(rows.n, 'a row stored twice').toBe(rows.distinct);
        expect(rows.n, 'a row stored before this kill is gone').toBeGreaterThanOrEqual(lastRows);
        expect(run.rows_done, 'the run counts the rows it stored').toBe(rows.n);
        const resumed = iteration > 0 && rows.n > lastRows ? `, +${rows.n - lastRows} rows since the last kill` : '';
        lastRows = rows.n;
        const labels = checkLabels();
        const folder = checkExportFolder(exportDir, referenceExport);
        expect(folder.broken, 'a half or foreign file in the export folder').toEqual([]);
        return (
          `killed ${where}: run ${run.status} with ${rows.n}/${BUDGET} rows${resumed}; ${acknowledged} label calls acknowledged ` +
          `(${labels.lostInFlight} in flight at a kill so far, each lost whole); export files whole ${folder.whole.length}, abandoned ` +
          `staging files ${folder.leftovers.length}`
        );
      });

      // One last start: the run resumes to its end and an export completes over the abandoned staging folders.
      const server = await startServer(dataDir);
      try {
        await waitFor(
          'the resumed run to complete',
          async () => ((await callOk(server, 'runs.get', { run_id: runId! })) as { run: Run }).run.status === 'completed',
          300_000,
          250,
        );
        const before = ((await callOk(server, 'exports.list', {})) as unknown[]).length;
        await callOk(server, 'exports.start', { selection: { run_id: exportRunId }, destination: { kind: 'folder', folder: exportDir } });
        await waitFor(
          'the export to be recorded',
          async () => ((await callOk(server, 'exports.list', {})) as unknown[]).length > before,
          120_000,
          100,
        );
      } finally {
        await stopGently(server.child, server.exited);
      }
      const view = crashView(databasePath);
      expect(view.integrity).toBe('ok');
      expect(view.runs.find((entry) => entry.id === runId)).toMatchObject({ status: 'completed', rows_done: BUDGET });
      const resumed = rowBodies(databasePath, runId!);
      expect(resumed.size).toBe(referenceRows.size);
      const differing = [...referenceRows].filter(([ordinal, body]) => resumed.get(ordinal) !== body).map(([ordinal]) => ordinal);
      expect(differing, 'rows that differ from the run that never stopped').toEqual([]);
      checkLabels();
      expect(checkExportFolder(exportDir, referenceExport)).toEqual({ whole: [...referenceExport.keys()], broken: [], leftovers: [] });
    },
    loopTimeout(settings, 420_000),
  );
});
