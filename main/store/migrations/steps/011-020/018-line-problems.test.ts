import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../../migrate';
import { lineProblems } from './018-line-problems';
import { MIGRATIONS } from '../../index';

describe('migration 018 (line-problems)', () => {
  it('adds each format’s line problems to the prepared lines, NULL (clean) on every line made before', () => {
    expect(MIGRATIONS[17]).toBe(lineProblems);
    const db = new Database(':memory:');
    migrate(db, ':memory:', MIGRATIONS.slice(0, 17));
    // A line alone: its row does not matter to the step.
    db.pragma('foreign_keys = OFF');
    db.prepare(
      `INSERT INTO export_lines (row_id, recipe, prompt, mask, head, tail, n_messages, has_user, calls, trained, masked, empty_turns,
         tool_calls, leak_checked, leak_hit, needle_min, messages, needles, trl_messages)
       VALUES ('run_a:0', '2:abc', '"ask"', '0,1', '', '', 2, 1, 0, 1, 0, 0, 0, 0, NULL, NULL, '{}', '[]', '{}')`,
    ).run();
    migrate(db, ':memory:');
    expect(schemaVersion(db)).toBeGreaterThanOrEqual(18);
    const columns = db.prepare('SELECT name, type FROM pragma_table_info(?)').all('export_lines') as { name: string; type: string }[];
    expect(columns.slice(-2)).toEqual([
      { name: 'problems', type: 'TEXT' },
      { name: 'trl_problems', type: 'TEXT' },
    ]);
    expect(db.prepare('SELECT problems, trl_problems FROM export_lines').get()).toEqual({ problems: null, trl_problems: null });
  });
});
