import { Row } from '../../shared/domain';
import { statement, type Db } from './database';
import { parseJsonColumn } from './json-column';

export interface StoredRowMeta {
  run_id: string;
  duration_ms: number;
  created_at: string;
}

/** Writes one finished row; the caller wraps it with the run's progress update in one transaction. */
export function insertRow(db: Db, row: Row, meta: StoredRowMeta): void {
  const { tool, rule, stance, world_state, tool_condition, history } = row.situation.dimensions;
  statement(
    db,
    `INSERT INTO rows (id, run_id, ordinal, scenario_id, tool, rule, stance, world_state, tool_condition, history,
                       writer, turns, ended_by, duration_ms, created_at, body)
     VALUES (@id, @run_id, @ordinal, @scenario_id, @tool, @rule, @stance, @world_state, @tool_condition, @history,
             @writer, @turns, @ended_by, @duration_ms, @created_at, @body)`,
  ).run({
    id: row.id,
    run_id: meta.run_id,
    ordinal: row.ordinal,
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
  });
}

export function countRows(db: Db, runId: string): number {
  return statement<[string], { n: number }>(db, 'SELECT COUNT(*) AS n FROM rows WHERE run_id = ?').get(runId)!.n;
}

export function getRow(db: Db, id: string): Row | undefined {
  const record = statement<[string], { body: string }>(db, 'SELECT body FROM rows WHERE id = ?').get(id);
  return record && parseJsonColumn(Row, record.body, 'rows.body');
}

/** The ordinals already stored for a run: what a resumed run skips. */
export function storedOrdinals(db: Db, runId: string): Set<number> {
  const records = statement<[string], { ordinal: number }>(db, 'SELECT ordinal FROM rows WHERE run_id = ?').all(runId);
  return new Set(records.map((record) => record.ordinal));
}
