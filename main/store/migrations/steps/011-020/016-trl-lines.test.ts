import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { preparedRecipe } from '../../../../../engine/index';
import { GENERATED_SPEC, storeGeneratedRun } from '../../../__fixtures__/generated-rows';
import { migrate, schemaVersion } from '../../../migrate';
import { countMissingLines } from '../../../upkeep/missing-lines-repository';
import { MIGRATIONS } from '../../index';

describe('migration 016 (TRL messages beside prepared lines)', () => {
  it('keeps every prepared line, marks each as made before TRL messages, and leaves them for `wai store optimize`', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, ':memory:', MIGRATIONS.slice(0, 15));
    storeGeneratedRun(db, { runId: 'run', count: 40 });
    const recipe = preparedRecipe({ system_prompt: GENERATED_SPEC.system_prompt, tools: GENERATED_SPEC.tools });
    // A line as schema 15 stored it (its content does not matter here).
    db.prepare(
      `INSERT INTO export_lines (row_id, recipe, prompt, mask, head, tail, n_messages, has_user, calls, trained, masked, empty_turns,
         tool_calls, leak_checked, leak_hit, needle_min, messages, needles)
       SELECT id, ?, '"ask"', '1', '', '', 1, 1, 0, 1, 0, 0, 0, 0, NULL, NULL, '{}', '[]' FROM rows WHERE ordinal < 30`,
    ).run(recipe);

    migrate(db, ':memory:', MIGRATIONS.slice(0, 16));
    expect(schemaVersion(db)).toBe(16);
    const lines = db.prepare('SELECT COUNT(*) AS n, COUNT(trl_messages) AS trl FROM export_lines').get() as { n: number; trl: number };
    expect(lines).toEqual({ n: 30, trl: 0 });
    // Counted at today's schema, where a line made since also has its TRL line in trl_lines (migration 020).
    migrate(db, ':memory:');
    expect(countMissingLines(db, 'run', recipe)).toBe(40);
    db.exec(`UPDATE export_lines SET trl_messages = '' WHERE rowid % 2 = 0;
      INSERT INTO trl_lines SELECT row_id, recipe, prompt, mask, head, tail, n_messages, has_user, calls, trained, masked, empty_turns,
        tool_calls, leak_checked, leak_hit, needle_min, '', NULL, needles FROM export_lines WHERE rowid % 2 = 0`);
    expect(countMissingLines(db, 'run', recipe)).toBe(25);
  });
});
