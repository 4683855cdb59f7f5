// `wai simulate` (then `wai runs resume`) and `wai export` killed with SIGKILL at random points, many times over one
// data folder: no stored row lost or doubled, the run resumed to the rows of a run that never stopped, and the
// export folder never holding a half file.
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportRequest } from '../../shared/api/exports';
import { RunConfig } from '../../shared/domain';
import { closeAppContext, createAppContext } from '../services/app/app-context';
import { runExport } from '../services/exports/export-service';
import { executeRun } from '../services/runs/run-executor';
import { createRun } from '../services/runs/runs-service';
import { DATABASE_FILE } from '../store/database';
import { crashLoop, killHard, sleep, spawnWai, waitFor, type LoopReport } from './crash-harness';
import { checkExportFolder, filesIn } from './export-folder';
import { loopTimeout, reliabilitySettings } from './long-mode';
import { crashView, rowBodies } from './store-checks';

const settings = reliabilitySettings();
const SENTENCE = 'a bookshop assistant that refunds only after the customer confirms the order';
const ROWS = settings.isLong ? 2000 : 400;
const SEED = 3;
/**
 * A kill aimed at rows waits for the run to pass its stored rows by 1 to this many more: small enough that the run
 * is still unfinished at most kills, whatever the iteration count (the long loop's 40 kills would finish 2000 rows
 * by its twentieth with a quarter of the rows a step).
 */
const MID_RUN_STEP = Math.max(10, Math.floor(ROWS / Math.max(4, settings.crashIterations)));

let root: string;
let dataDir: string;
let databasePath: string;
let referenceRows: Map<number, string>;
const reports: LoopReport[] = [];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'while-crash-cli-'));
  dataDir = join(root, 'data');
  databasePath = join(dataDir, DATABASE_FILE);
  const reference = createAppContext({ dataDir: join(root, 'reference'), mode: 'cli' });
  try {
    const run = await createRun(reference, RunConfig.parse({ source: { kind: 'describe', sentence: SENTENCE }, budget: ROWS, seed: SEED }));
    await executeRun({ db: reference.db, runId: run.id });
    referenceRows = rowBodies(join(root, 'reference', DATABASE_FILE), run.id);
  } finally {
    await closeAppContext(reference);
  }
}, 300_000);

afterAll(() => {
  for (const report of reports)
    process.stdout.write(`${report.name}: ${report.iterations} kills in ${(report.ms / 1000).toFixed(1)} s\n${report.log.join('\n')}\n`);
});

/** Rows stored so far, read as another process would while the CLI writes (0 before the store exists). */
function storedRows(): number {
  if (!existsSync(databasePath)) return 0;
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM rows').get() as { n: number }).n;
  } catch {
    return 0;
  } finally {
    db.close();
  }
}

let runId: string | undefined;

describe('the wai CLI killed at random points', () => {
  it(
    'simulate and resume: nothing stored is lost or doubled, and the resumed run equals one that never stopped',
    async () => {
      let lastRows = 0;
      reports.push(
        await crashLoop('wai simulate / runs resume', settings, async (iteration, random) => {
          const args =
            runId === undefined
              ? ['simulate', '--describe', SENTENCE, '--rows', String(ROWS), '--seed', String(SEED)]
              : ['runs', 'resume', runId];
          const cli = spawnWai(dataDir, args);
          let where: string;
          if (iteration % 2 === 0) {
            const target = Math.min(ROWS, lastRows + 1 + random.below(MID_RUN_STEP));
            await waitFor(`${target} stored rows`, () => storedRows() >= target || cli.child.exitCode !== null, 180_000, 15);
            where = `at ${target}+ rows`;
          } else {
            const delay = random.below(2500);
            await sleep(delay);
            where = `${delay} ms after it started`;
          }
          await killHard(
            cli.child,
            cli.exited.then(() => undefined),
          );
          const view = crashView(databasePath);
          expect(view.integrity).toBe('ok');
          runId ??= view.runs[0]?.id;
          if (runId === undefined) return `killed ${where}, before the run was stored`;
          const rows = view.rows[runId] ?? { n: 0, distinct: 0, max_ordinal: null };
          const run = view.runs.find((entry) => entry.id === runId)!;
          expect(rows.n, 'a row stored twice').toBe(rows.distinct);
          expect(rows.n, 'a row stored before this kill is gone').toBeGreaterThanOrEqual(lastRows);
          expect(run.rows_done).toBe(rows.n);
          lastRows = rows.n;
          return `killed ${where}: run ${run.status} with ${rows.n}/${ROWS} rows`;
        }),
      );
      if (runId === undefined) {
        const first = spawnWai(dataDir, ['simulate', '--describe', SENTENCE, '--rows', String(ROWS), '--seed', String(SEED)]);
        expect((await first.exited).code, first.output()).toBe(0);
        runId = crashView(databasePath).runs[0]!.id;
      }
      const finish = spawnWai(dataDir, ['runs', 'resume', runId]);
      const ended = await finish.exited;
      const view = crashView(databasePath);
      if (ended.code !== 0) expect(view.runs[0]!.status, finish.output()).toBe('completed');
      expect(view.integrity).toBe('ok');
      expect(view.runs[0]).toMatchObject({ status: 'completed', rows_done: ROWS });
      const resumed = rowBodies(databasePath, runId);
      expect(resumed.size).toBe(ROWS);
      expect([...referenceRows].filter(([ordinal, body]) => resumed.get(ordinal) !== body).map(([ordinal]) => ordinal)).toEqual([]);
    },
    loopTimeout(settings, 300_000),
  );

  it(
    'export: the folder holds only whole files after every kill, and the next export leaves nothing half written',
    async () => {
      expect(runId, 'the simulate test stores the run').toBeDefined();
      const context = createAppContext({ dataDir, mode: 'cli' });
      try {
        await runExport(
          context,
          ExportRequest.parse({ selection: { run_id: runId! }, destination: { kind: 'folder', folder: join(root, 'reference-export') } }),
        );
      } finally {
        await closeAppContext(context);
      }
      const reference = filesIn(join(root, 'reference-export'));
      const exportDir = join(root, 'export');
      const staging = () => existsSync(exportDir) && readdirSync(exportDir).some((name) => name.startsWith('.while-export-'));
      reports.push(
        await crashLoop('wai export', settings, async (iteration, random) => {
          const cli = spawnWai(dataDir, ['export', runId!, '--out', exportDir, '--select', 'all']);
          let where: string;
          if (iteration % 2 === 0) {
            await waitFor('the export to start writing', () => staging() || cli.child.exitCode !== null, 120_000, 5);
            const delay = random.below(300);
            await sleep(delay);
            where = `${delay} ms into writing`;
          } else {
            const delay = random.below(4000);
            await sleep(delay);
            where = `${delay} ms after it started`;
          }
          const finished = cli.child.exitCode !== null;
          await killHard(
            cli.child,
            cli.exited.then(() => undefined),
          );
          const folder = checkExportFolder(exportDir, reference);
          expect(folder.broken, 'a half or foreign file in the export folder').toEqual([]);
          return (
            `killed ${where}${finished ? ' (it had already finished)' : ''}: ${folder.whole.length} whole files, ` +
            `${folder.leftovers.length} files in abandoned staging`
          );
        }),
      );
      const last = spawnWai(dataDir, ['export', runId!, '--out', exportDir, '--select', 'all']);
      expect((await last.exited).code, last.output()).toBe(0);
      expect(checkExportFolder(exportDir, reference)).toEqual({ whole: [...reference.keys()], broken: [], leftovers: [] });
      expect(crashView(databasePath).integrity).toBe('ok');
    },
    loopTimeout(settings, 300_000),
  );
});
