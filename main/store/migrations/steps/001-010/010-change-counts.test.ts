import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { RunConfig } from '../../../../../shared/domain';
import { migrate, schemaVersion } from '../../../migrate';
import { insertRun } from '../../../runs/runs-repository';
import { tablesVersion } from '../../../store-memo';
import { changeCounts, COUNTED_TABLES } from './010-change-counts';
import { MIGRATIONS } from '../../index';

const NOW = '2026-01-01T00:00:00.000Z';

describe('migration 010 (change-counts)', () => {
  it('is registered as version 10 and adds a strict counter per table, at 0, with a trigger per table and operation', () => {
    expect(MIGRATIONS[9]).toBe(changeCounts);
    const db = new Database(':memory:');
    migrate(db, ':memory:', MIGRATIONS.slice(0, 9));
    migrate(db, ':memory:');
    expect(schemaVersion(db)).toBeGreaterThanOrEqual(10);
    const table = (db.prepare('PRAGMA table_list').all() as { name: string; strict: number; wr: number }[]).find(
      (entry) => entry.name === 'change_counts',
    );
    expect(table).toMatchObject({ strict: 1, wr: 1 });
    expect(db.prepare('SELECT name, n FROM change_counts ORDER BY name').all()).toEqual([
      { name: 'grades', n: 0 },
      { name: 'labels', n: 0 },
      { name: 'rows', n: 0 },
    ]);
    const triggers = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'change_counts_%' ORDER BY name").all() as {
        name: string;
      }[]
    ).map((row) => row.name);
    expect(triggers).toHaveLength(COUNTED_TABLES.length * 3);
    expect(triggers).toContain('change_counts_labels_insert');
  });

  it('moves a table’s counter with each row written to it, and a rollback takes it back', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, ':memory:');
    insertRun(db, {
      id: 'run_a',
      name: 'a',
      status: 'completed',
      config: RunConfig.parse({ source: { kind: 'describe', sentence: 'an orders desk that refunds after confirmation' } }),
      now: NOW,
    });
    const insertRow = db.prepare(
      `INSERT INTO rows (id, run_id, ordinal, rollout_id, scenario_id, tool, rule, stance, world_state, tool_condition, history, writer,
        turns, ended_by, duration_ms, created_at, body)
       VALUES (?, 'run_a', ?, ?, 'sc', 't', 'r', 's', 'w', 'c', 'h', 'offline', 1, 'agent', 1, ?, '{}')`,
    );
    db.transaction(() => {
      for (let ordinal = 0; ordinal < 3; ordinal += 1) insertRow.run(`r${ordinal}`, ordinal, `ro${ordinal}`, NOW);
    })();
    expect(tablesVersion(db, ['rows', 'labels'])).toBe('3:0');
    expect(() =>
      db.transaction(() => {
        insertRow.run('r9', 9, 'ro9', NOW);
        throw new Error('roll back');
      })(),
    ).toThrow('roll back');
    expect(tablesVersion(db, ['rows', 'labels'])).toBe('3:0');
    const plan = (db.prepare('EXPLAIN QUERY PLAN UPDATE change_counts SET n = n + 1 WHERE name = ?').all('rows') as { detail: string }[])
      .map((step) => step.detail)
      .join('\n');
    expect(plan).toContain('USING PRIMARY KEY (name=?)');
  });
});
