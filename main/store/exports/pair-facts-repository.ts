import { createHash } from 'node:crypto';
import { PAIR_FACTS_VERSION, type StoredPairFacts } from '../../../engine/index';
import type { Row } from '../../../shared/domain';
import { statement, type Db } from '../database';
import { runWrites, type StoreWrite } from '../store-write';
import { KEPT_GRADE_COLUMNS, type Count, type GradeValues, type Text } from './export-rows-repository';

/** The digest the store keeps of a conversation key (pair_facts.key_hash): two rows' keys are equal when theirs are. */
export const conversationDigest = (key: string): string => createHash('sha1').update(key).digest('base64');

/** Stores a row's pairing facts (migration 019), replacing any it had. */
export function insertPairFacts(db: Db, rowId: string, row: Pick<Row, 'rollout_id' | 'situation'>, facts: StoredPairFacts): void {
  runWrites(db, [pairFactsWrite(rowId, row, facts)]);
}

/** The write of insertPairFacts. */
export function pairFactsWrite(rowId: string, row: Pick<Row, 'rollout_id' | 'situation'>, facts: StoredPairFacts): StoreWrite {
  return {
    sql: `INSERT OR REPLACE INTO pair_facts (row_id, version, rollout_id, scenario_id, junk, leak, tool_calls, chars, shape, key_hash, ask)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    parameters: [
      rowId,
      PAIR_FACTS_VERSION,
      row.rollout_id,
      row.situation.scenario_id,
      facts.junk ? 1 : 0,
      facts.leak ? 1 : 0,
      facts.tool_calls ? 1 : 0,
      facts.chars,
      facts.shape,
      conversationDigest(facts.key),
      facts.ask,
    ],
  };
}

/** A row of PAIR_PAGE_SQL: the id, the grade's columns, the row's facts (null where it has none, or is gone). */
export type PairFactValues = [
  id: string,
  ...grade: GradeValues,
  rollout_id: Text,
  scenario_id: Text,
  junk: Count,
  leak: Count,
  tool_calls: Count,
  chars: Count,
  shape: Text,
  key_hash: Text,
  ask: Text,
];

/**
 * Arrays, not objects: better-sqlite3 builds an object key by key (see preparedRecords). The latest grade and label are
 * read from their kept line (latest_grade_label, migration 024: one seek, where finding them by MAX(id) in grades and
 * labels cost 0.77 s of a 100,000-row DPO export's 4.1 s of CPU). Exported for its plan test.
 */
export const PAIR_PAGE_SQL = `SELECT j.value AS id, ${KEPT_GRADE_COLUMNS}, f.rollout_id AS rollout_id, f.scenario_id AS scenario_id,
    f.junk AS junk, f.leak AS leak, f.tool_calls AS tool_calls, f.chars AS chars, f.shape AS shape, f.key_hash AS key_hash, f.ask AS ask
  FROM json_each(?) j
  LEFT JOIN pair_facts f ON f.row_id = j.value AND f.version = ?
  LEFT JOIN latest_grade_label k ON k.row_id = j.value`;

/** The given rows' pairing facts of the current version (null columns where a row has none) with their grades (in no particular order). */
export function pairFactRecords(db: Db, ids: readonly string[]): PairFactValues[] {
  return statement<[string, number], PairFactValues>(db, PAIR_PAGE_SQL).raw(true).all(JSON.stringify(ids), PAIR_FACTS_VERSION);
}
