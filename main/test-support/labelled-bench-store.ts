// The large graded and labelled store the agreement and labelling-queue benches measure on, built once per data
// folder: `openLabelledBenchStore` opens it (building it when the folder has none) and cleans up after.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeAppContext, createAppContext, type AppContext } from '../services/app/app-context';
import { DATABASE_FILE, type Db } from '../store/database';
import { storeGeneratedRun } from '../store/__fixtures__/generated-rows';

const NOW = '2026-01-02T00:00:00.000Z';

/**
 * `storeGeneratedRun` (conduct checks on 60% of rows, a rubric judge on 40%, about 2% labelled by `bench`), then in
 * SQL: a third judge (`line-judge@v2`, 80% of rows, some unsure, some erred), newer re-grades of some rubric rows, a
 * second person on some labelled rows, unsigned and model labels, and a few simulator errors.
 */
export function storeLabelledBenchRun(db: Db, runId: string, count: number): void {
  storeGeneratedRun(db, { runId, count });
  db.transaction(() => {
    db.prepare(
      `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, unsure, provenance, created_at)
       SELECT id, run_id, CASE WHEN ordinal % 53 = 0 THEN NULL ELSE ((ordinal * 37) % 101) / 100.0 END, 'graded',
         CASE WHEN ordinal % 53 = 0 THEN 'error' ELSE 'ok' END, 'custom', 'line-judge', CASE WHEN ordinal % 17 = 0 THEN 1 ELSE 0 END,
         '{"judge":"line-judge","model":null,"rubric_hash":null,"settings":{},"version":"v2"}', @now
       FROM rows WHERE run_id = @run AND ordinal % 10 < 8`,
    ).run({ run: runId, now: NOW });
    db.prepare(
      `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, unsure, provenance, created_at)
       SELECT g.row_id, g.run_id, 1 - g.reward, 'regraded', 'ok', 'judge', 'rubric-judge', 0, g.provenance, @now
       FROM grades g JOIN rows r ON r.id = g.row_id
       WHERE g.run_id = @run AND g.judge_name = 'rubric-judge' AND r.ordinal % 29 = 0`,
    ).run({ run: runId, now: NOW });
    const label = db.prepare(
      `INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at)
       SELECT id, run_id, @label, @kind, @author, NULL, @now FROM rows WHERE run_id = @run AND ordinal % @every = @at`,
    );
    label.run({ run: runId, label: 'pass', kind: 'human', author: 'ann', every: 250, at: 0, now: NOW });
    label.run({ run: runId, label: 'fail', kind: 'human', author: 'ann', every: 310, at: 3, now: NOW });
    label.run({ run: runId, label: 'fail', kind: 'human', author: null, every: 1_000, at: 11, now: NOW });
    label.run({ run: runId, label: 'pass', kind: 'model', author: 'robot', every: 1_500, at: 5, now: NOW });
    label.run({ run: runId, label: 'simulator_error', kind: 'human', author: 'ann', every: 5_000, at: 7, now: NOW });
  })();
}

export interface LabelledBenchStoreOptions {
  runId: string;
  count: number;
  /** A folder to build the store in once and reuse on later runs; without it, a temporary folder removed on close. */
  keptDir?: string;
  /** Name prefix of the temporary folder (`agreement-bench-`). */
  folderPrefix: string;
}

export interface LabelledBenchStore {
  context: AppContext;
  close(): Promise<void>;
}

/** The store opened in its folder, built first (and timed, not measured) when the folder holds none. */
export function openLabelledBenchStore(options: LabelledBenchStoreOptions): LabelledBenchStore {
  const { keptDir } = options;
  const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), options.folderPrefix));
  if (keptDir) mkdirSync(keptDir, { recursive: true });
  const isBuilt = existsSync(join(dataDir, DATABASE_FILE));
  const context = createAppContext({ dataDir, mode: 'cli' });
  const close = async () => {
    await closeAppContext(context);
    if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
  };
  if (!isBuilt) {
    try {
      const building = performance.now();
      storeLabelledBenchRun(context.db, options.runId, options.count);
      console.log(`store of ${options.count} rows built in ${((performance.now() - building) / 1000).toFixed(0)} s (not measured)`);
    } catch (error) {
      void close();
      throw error;
    }
  }
  return { context, close };
}
