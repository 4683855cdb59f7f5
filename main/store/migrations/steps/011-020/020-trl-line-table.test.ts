import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { preparedRecipe } from '../../../../../engine/index';
import { GENERATED_SPEC, storeGeneratedRun } from '../../../__fixtures__/generated-rows';
import { storedNeedles } from '../../../exports/export-lines-repository';
import { hasPreparedLine, PREPARED_PAGE_SQL, preparedRecords } from '../../../exports/export-rows-repository';
import { migrate, schemaVersion } from '../../../migrate';
import { countMissingLines } from '../../../upkeep/missing-lines-repository';
import { MIGRATIONS } from '../../index';

const ids = (db: Database.Database, runId: string) =>
  (db.prepare('SELECT id FROM rows WHERE run_id = ? ORDER BY ordinal').all(runId) as { id: string }[]).map(({ id }) => id);
/** The messages column of PreparedValues (the id, 8 grade columns, prompt, mask, head, tail, then messages). */
const MESSAGES = 13;

describe('migration 020 (TRL’s prepared lines in a table of their own)', () => {
  it('rewrites no line, reads older lines where they keep TRL’s messages, and stores new lines apart for each format', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, ':memory:', MIGRATIONS.slice(0, 19));
    storeGeneratedRun(db, { runId: 'old', count: 30 });
    const recipe = preparedRecipe({ system_prompt: GENERATED_SPEC.system_prompt, tools: GENERATED_SPEC.tools });
    // Lines as schema 19 stored them (their content does not matter here): TRL's messages and the needles in export_lines.
    db.prepare(
      `INSERT INTO export_lines (row_id, recipe, prompt, mask, head, tail, n_messages, has_user, calls, trained, masked, empty_turns,
         tool_calls, leak_checked, leak_hit, needle_min, messages, needles, trl_messages)
       SELECT id, ?, '"ask"', '1', '', '', 1, 1, 0, 1, 0, 0, 0, 0, NULL, NULL, '{"openai":1}', '["a secret"]', '{"trl":1}'
       FROM rows WHERE ordinal < 20`,
    ).run(recipe);
    const older = ids(db, 'old');

    migrate(db, ':memory:', MIGRATIONS.slice(0, 20));
    expect(schemaVersion(db)).toBe(20);
    expect(db.prepare('SELECT COUNT(*) AS n FROM trl_lines').get()).toEqual({ n: 0 });
    // The live page query also reads a later migration's table (024's latest_grade_label); no later one moves a line.
    migrate(db, ':memory:');
    // Read where they are, they count as missing for `wai store optimize`, which moves them.
    expect(countMissingLines(db, 'old', recipe)).toBe(30);
    const trl = preparedRecords(db, older, recipe, 'trl');
    expect(trl.filter((values) => values[MESSAGES] === '{"trl":1}')).toHaveLength(20);
    expect(preparedRecords(db, older, recipe, 'openai').filter((values) => values[MESSAGES] === '{"openai":1}')).toHaveLength(20);
    expect(storedNeedles(db, older[0]!)).toEqual(['a secret']);
    expect(hasPreparedLine(db, older[0]!, recipe, 'trl')).toBe(true);

    storeGeneratedRun(db, { runId: 'new', count: 20, withLines: true });
    const newer = ids(db, 'new');
    expect(countMissingLines(db, 'new', recipe)).toBe(0);
    const split = db
      .prepare(
        `SELECT COUNT(*) AS n, SUM(p.needles = '' AND p.trl_messages = '') AS emptied, SUM(t.messages LIKE '{"role":%') AS trl
         FROM export_lines p JOIN trl_lines t ON t.row_id = p.row_id JOIN rows r ON r.id = p.row_id WHERE r.run_id = 'new'`,
      )
      .get();
    expect(split).toEqual({ n: 20, emptied: 20, trl: 20 });
    const [first] = preparedRecords(db, newer, recipe, 'trl').filter((values) => values[0] === newer[0]);
    const texts = db.prepare('SELECT messages, needles FROM trl_lines WHERE row_id = ?').get(newer[0]) as {
      messages: string;
      needles: string;
    };
    expect(first?.[MESSAGES]).toBe(texts.messages);
    expect(storedNeedles(db, newer[0]!)).toEqual(JSON.parse(texts.needles));
    expect(hasPreparedLine(db, newer[0]!, recipe, 'trl')).toBe(true);

    const plan = (sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('[]', recipe) as { detail: string }[]).map((step) => step.detail).join('\n');
    expect(plan(PREPARED_PAGE_SQL.trl)).toMatch(/SEARCH p USING INDEX sqlite_autoindex_trl_lines_1 \(row_id=\?\)/);
    expect(plan(PREPARED_PAGE_SQL.trl_older)).toMatch(/SEARCH p USING INDEX sqlite_autoindex_export_lines_1 \(row_id=\?\)/);

    // A row's line goes with its row, and its TRL line with its line.
    db.prepare('DELETE FROM rows WHERE id = ?').run(newer[0]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM trl_lines WHERE row_id = ?').get(newer[0])).toEqual({ n: 0 });
  });
});
