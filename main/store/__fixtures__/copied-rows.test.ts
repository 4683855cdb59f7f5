import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { getRow, preparedOrNone } from '../rows/rows-repository';
import { copyRunRows } from './copied-rows';
import { GENERATED_SPEC, storeGeneratedRun } from './generated-rows';

describe('copied rows (the scale benchmark’s store)', () => {
  it('give each copy the prepared lines its own body gives, naming its rollout id and ordinal', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, ':memory:');
    storeGeneratedRun(db, { runId: 'run', count: 20, withLines: true });
    copyRunRows(db, 'run', 20, 50);
    const context = { system_prompt: GENERATED_SPEC.system_prompt, tools: GENERATED_SPEC.tools };
    const copies = db
      .prepare(
        `SELECT r.id AS id, p.head AS head, p.tail AS tail, t.head AS trl_head, t.tail AS trl_tail FROM rows r
         JOIN export_lines p ON p.row_id = r.id JOIN trl_lines t ON t.row_id = r.id WHERE r.ordinal >= 20 ORDER BY r.ordinal`,
      )
      .all() as { id: string; head: string; tail: string; trl_head: string; trl_tail: string }[];
    expect(copies.length).toBeGreaterThan(20);
    for (const copy of copies) {
      const line = preparedOrNone(getRow(db, copy.id)!, context)!;
      expect([copy.head, copy.tail, copy.trl_head, copy.trl_tail]).toEqual([line.head, line.tail, line.head, line.tail]);
    }
    expect(copies.at(-1)?.tail).toContain('"ordinal":49}');
  });
});
