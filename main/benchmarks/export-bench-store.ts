import { Row } from '../../shared/domain';
import { pairFactsOf, prepareLine } from '../../engine/index';
import { type AppContext, closeAppContext, createAppContext } from '../services/app/app-context';
import { insertExportLine } from '../store/exports/export-lines-repository';
import { insertPairFacts } from '../store/exports/pair-facts-repository';
import { getRun } from '../store/runs/runs-repository';
import { specOfRun } from '../store/runs/specs-repository';
import { seedExportRun } from '../test-support/export-run';

/** Rows simulated for the bench's store; the rest are copies of them. */
const SEED_ROWS = 200;

/**
 * Each copy's ask (and the user turn that says it) ends with its copy number: DPO pairs the rows of one ask, and copies
 * sharing their originals' asks would make asks of 500 rows each, where a run has a few rollouts per ask.
 */
const COPY_MARK = "' (copy ' || CAST(@copy AS INTEGER) || ')'";

/** A store with one graded run of `rows` rows: 200 simulated, the rest copies of them under new ids and ordinals. */
export async function buildStore(dataDir: string, rows: number): Promise<{ rows: number; seconds: number; pageBytes: number }> {
  const context = createAppContext({ dataDir, mode: 'cli' });
  try {
    const seeded = await seedExportRun(context, { budget: SEED_ROWS });
    // better-sqlite3 binds numbers as reals: each is cast before it is written into an id (`run:200`, not `run:200.0`).
    const base = seeded.rows;
    const copy = context.db.prepare(
      `INSERT INTO rows (id, run_id, ordinal, rollout_id, scenario_id, tool, rule, stance, world_state, tool_condition, history, writer,
        turns, ended_by, duration_ms, created_at, body)
       SELECT run_id || ':' || CAST(ordinal + @shift AS INTEGER), run_id, ordinal + @shift, rollout_id || '~' || CAST(@copy AS INTEGER),
              scenario_id,
              tool, rule, stance, world_state, tool_condition, history, writer, turns, ended_by, duration_ms, created_at,
              json_set(body, '$.ordinal', ordinal + @shift, '$.rollout_id', rollout_id || '~' || CAST(@copy AS INTEGER),
                '$.prompt', json_extract(body, '$.prompt') || ${COPY_MARK},
                '$.messages[0].content', json_extract(body, '$.messages[0].content') ||
                  CASE WHEN json_extract(body, '$.messages[0].role') = 'user' THEN ${COPY_MARK} ELSE '' END)
       FROM rows WHERE run_id = @run AND ordinal < @base AND ordinal + @shift < @rows`,
    );
    const grade = context.db.prepare(
      `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, failure_class, provenance, created_at)
       SELECT r.id, r.run_id, g.reward, g.reason, g.judge_status, g.label_source, g.judge_name, g.failure_class, g.provenance, g.created_at
       FROM rows r JOIN grades g ON g.row_id = r.run_id || ':' || CAST(r.ordinal % @base AS INTEGER)
       WHERE r.run_id = @run AND r.ordinal >= @base`,
    );
    context.db.transaction(() => {
      for (let shift = base, copyIndex = 1; shift < rows; shift += base, copyIndex++)
        copy.run({ shift, copy: copyIndex, run: seeded.run_id, base, rows });
      grade.run({ run: seeded.run_id, base });
    })();
    return { ...prepareCopies(context, seeded.run_id), pageBytes: context.db.pragma('page_size', { simple: true }) as number };
  } finally {
    await closeAppContext(context);
  }
}

/**
 * The copies' prepared lines and DPO pairing facts, made as the run executor makes each row's when it stores it
 * (insertRow): the part of the export's work this design moves to the time rows are written. Returns the seconds it took, per row.
 */
function prepareCopies(context: AppContext, runId: string): { rows: number; seconds: number } {
  const run = getRun(context.db, runId)!;
  const spec = specOfRun(context.db, run)!;
  const runContext = { system_prompt: spec.system_prompt, tools: spec.tools };
  const missing = context.db
    .prepare(
      'SELECT r.id AS id, r.body AS body FROM rows r LEFT JOIN export_lines p ON p.row_id = r.id WHERE r.run_id = ? AND p.row_id IS NULL',
    )
    .all(runId) as { id: string; body: string }[];
  const start = performance.now();
  context.db.transaction(() => {
    for (const record of missing) {
      const row = Row.parse(JSON.parse(record.body));
      const line = prepareLine(row, runContext);
      if (line) insertExportLine(context.db, record.id, line);
      insertPairFacts(context.db, record.id, row, pairFactsOf(row));
    }
  })();
  return { rows: missing.length, seconds: (performance.now() - start) / 1000 };
}
