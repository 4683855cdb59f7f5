import { Row, type Grade } from '../../../shared/domain';
import { pairFactsOf, prepareLine, type RunContext, type StoredPairFacts, type StoredPreparedLine } from '../../../engine/index';
import { statement, type Db } from '../database';
import { exportLineWrites } from '../exports/export-lines-repository';
import { pairFactsWrite } from '../exports/pair-facts-repository';
import { runWrites, type StoreWrite } from '../store-write';
import { toGrade, type GradeColumns } from '../grades/grades-repository';
import { parseJsonColumn } from '../json-column';
import { rowSearchText } from './row-search-text';

export interface StoredRowMeta {
  run_id: string;
  duration_ms: number;
  created_at: string;
  /**
   * The run's system prompt and tools: given, the row's prepared export line (migration 012) and DPO pairing facts
   * (migration 019) are stored with it.
   */
  context?: RunContext;
}

/** The store's key for a row: unique across runs, while `rollout_id` repeats when settings repeat. */
export function storedRowId(runId: string, ordinal: number): string {
  return `${runId}:${ordinal}`;
}

/**
 * Writes one finished row with its search text, persona tags and, when the run's context is given, its prepared export
 * line and DPO pairing facts; the caller wraps it with the run's progress update in one transaction.
 */
export function insertRow(db: Db, row: Row, meta: StoredRowMeta): void {
  runWrites(db, rowWrites(row, meta));
}

/** The writes of insertRow, to run in order in one transaction on any connection to the store. */
export function rowWrites(row: Row, meta: StoredRowMeta): StoreWrite[] {
  const { tool, rule, stance, world_state, tool_condition, history } = row.situation.dimensions;
  const id = storedRowId(meta.run_id, row.ordinal);
  const writes: StoreWrite[] = [
    {
      sql: `INSERT INTO rows (id, run_id, ordinal, rollout_id, scenario_id, tool, rule, stance, world_state, tool_condition, history,
                       writer, turns, ended_by, duration_ms, created_at, body)
     VALUES (@id, @run_id, @ordinal, @rollout_id, @scenario_id, @tool, @rule, @stance, @world_state, @tool_condition, @history,
             @writer, @turns, @ended_by, @duration_ms, @created_at, @body)`,
      parameters: {
        id,
        run_id: meta.run_id,
        ordinal: row.ordinal,
        rollout_id: row.rollout_id,
        scenario_id: row.situation.scenario_id,
        tool,
        rule,
        stance,
        world_state,
        tool_condition,
        history,
        writer: row.writer,
        turns: row.messages.filter((message) => message.role === 'user' || message.role === 'assistant').length,
        ended_by: row.ended_by,
        duration_ms: meta.duration_ms,
        created_at: meta.created_at,
        body: JSON.stringify(row),
      },
    },
    // The row's rowid read back by its key, as the write may run on a connection whose last insert this thread cannot see.
    {
      sql: `INSERT INTO row_search (rowid, prompt, messages, final_text)
     VALUES ((SELECT rowid FROM rows WHERE id = @id), @prompt, @messages, @final_text)`,
      parameters: { id, ...rowSearchText(row) },
    },
  ];
  row.persona.tags.forEach((tag, position) =>
    writes.push({
      sql: 'INSERT INTO row_tags (run_id, ordinal, position, tag) VALUES (?, ?, ?, ?)',
      parameters: [meta.run_id, row.ordinal, position, tag],
    }),
  );
  if (!meta.context) return writes;
  const line = preparedOrNone(row, meta.context);
  if (line) writes.push(...exportLineWrites(id, line));
  const facts = pairFactsOrNone(row);
  if (facts) writes.push(pairFactsWrite(id, row, facts));
  return writes;
}

/**
 * The row's prepared export line; none when preparing it fails, so a simulation never stops over its export's
 * shortcut: the export then reads the row whole, where the same failure names the row.
 */
export function preparedOrNone(row: Row, context: RunContext): StoredPreparedLine | null {
  try {
    return prepareLine(row, context);
  } catch {
    return null;
  }
}

/** The row's DPO pairing facts (migration 019); none when working them out fails, as for preparedOrNone. */
export function pairFactsOrNone(row: Row): StoredPairFacts | null {
  try {
    return pairFactsOf(row);
  } catch {
    return null;
  }
}

export function countRows(db: Db, runId: string): number {
  return statement<[string], { n: number }>(db, 'SELECT COUNT(*) AS n FROM rows WHERE run_id = ?').get(runId)!.n;
}

export function getRow(db: Db, id: string): Row | undefined {
  const record = statement<[string], { body: string }>(db, 'SELECT body FROM rows WHERE id = ?').get(id);
  return record && parseJsonColumn(Row, record.body, 'rows.body');
}

export function getRowByOrdinal(db: Db, runId: string, ordinal: number): Row | undefined {
  const record = statement<[string, number], { body: string }>(db, 'SELECT body FROM rows WHERE run_id = ? AND ordinal = ?').get(
    runId,
    ordinal,
  );
  return record && parseJsonColumn(Row, record.body, 'rows.body');
}

/** Streams a run's rows in plan order without holding them all in memory. */
export function* iterateRows(db: Db, runId: string): Generator<Row> {
  for (const record of statement<[string], { body: string }>(db, 'SELECT body FROM rows WHERE run_id = ? ORDER BY ordinal').iterate(
    runId,
  )) {
    yield parseJsonColumn(Row, record.body, 'rows.body');
  }
}

/**
 * Streams a run's rows in plan order, each with its latest grade and that grade's judge name (null when it has none):
 * `wai grade`'s chosen judge, else the run's grader, else the conduct checks stored with the row.
 */
export function* iterateRowsWithGrades(db: Db, runId: string): Generator<{ row: Row; grade: (Grade & { judge_name: string }) | null }> {
  const records = statement<[string], { body: string; judge_name: string | null } & Nullable<GradeColumns>>(
    db,
    `SELECT r.body, g.row_id, g.reward, g.reason, g.judge_status, g.label_source, g.failure_class, g.unsure, g.span, g.judge_meta,
       g.provenance, g.created_at, g.judge_name
     FROM rows r LEFT JOIN grades g ON g.id = (SELECT MAX(id) FROM grades WHERE grades.row_id = r.id)
     WHERE r.run_id = ? ORDER BY r.ordinal`,
  );
  for (const { body, judge_name: judgeName, ...columns } of records.iterate(runId)) {
    const row = parseJsonColumn(Row, body, 'rows.body');
    yield { row, grade: judgeName === null ? null : { ...toGrade(columns as GradeColumns), judge_name: judgeName } };
  }
}

type Nullable<T> = { [K in keyof T]: T[K] | null };
