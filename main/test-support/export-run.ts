import { RunConfig } from '../../shared/domain';
import type { AppContext } from '../services/app/app-context';
import { executeRun } from '../services/runs/run-executor';
import { createRun } from '../services/runs/runs-service';

export interface SeededRun {
  run_id: string;
  rows: number;
  /** Store id of the row labelled `simulator_error`. */
  simulator_error_row: string;
}

/**
 * A real offline run for export tests: simulated in this process (about a second for 40 rows), then graded with a
 * deterministic pattern (every scenario gets passes and failures, so DPO pairs and GRPO groups exist) and one row
 * labelled `simulator_error`. Grades and labels are written with plain SQL in the tables' 001 shape.
 */
export async function seedExportRun(
  context: AppContext,
  options: { budget?: number; seed?: number; sentence?: string; repeats?: number } = {},
): Promise<SeededRun> {
  const config = RunConfig.parse({
    source: { kind: 'describe', sentence: options.sentence ?? 'an order support agent that refunds orders after confirming' },
    budget: options.budget ?? 40,
    repeats: options.repeats ?? 4,
    seed: options.seed ?? 1,
  });
  const run = await createRun(context, config);
  await executeRun({ db: context.db, runId: run.id, isCancelled: () => false, onProgress: () => undefined });
  const rows = context.db.prepare('SELECT id, ordinal FROM rows WHERE run_id = ? ORDER BY ordinal').all(run.id) as {
    id: string;
    ordinal: number;
  }[];
  const insertGrade = context.db.prepare(
    `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, failure_class, provenance, created_at)
     VALUES (?, ?, ?, ?, 'ok', 'judge', 'test-judge', ?, ?, '2026-11-01T00:00:00.000Z')`,
  );
  const provenance = JSON.stringify({ judge: 'test-judge', model: null, rubric_hash: null, settings: {}, version: '1' });
  context.db.transaction(() => {
    for (const row of rows) {
      const reward = row.ordinal % 2 === 0 ? 1 : 0;
      insertGrade.run(
        row.id,
        run.id,
        reward,
        reward === 1 ? 'conforms' : 'did not confirm',
        reward === 1 ? null : 'no_confirmation',
        provenance,
      );
    }
  })();
  const simulatorError = rows[1]!.id;
  context.db
    .prepare(
      "INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at) VALUES (?, ?, 'simulator_error', 'human', 'ana', " +
        "NULL, '2026-11-01T00:00:00.000Z')",
    )
    .run(simulatorError, run.id);
  return { run_id: run.id, rows: rows.length, simulator_error_row: simulatorError };
}
