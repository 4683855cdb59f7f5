import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { RunConfig } from '../../shared/domain';
import { migrate } from './migrate';
import { insertRun } from './runs/runs-repository';
import { memoOnTables, tablesVersion } from './store-memo';

const opened: Database.Database[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const NOW = '2026-01-01T00:00:00.000Z';

/** Two connections to one migrated store with a run (the app's and a worker's). */
function openPair(): { db: Database.Database; other: Database.Database } {
  const path = join(mkdtempSync(join(tmpdir(), 'store-table-memo-')), 'store.sqlite');
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  migrate(db, path);
  insertRun(db, {
    id: 'run_a',
    name: 'a',
    status: 'completed',
    config: RunConfig.parse({ source: { kind: 'describe', sentence: 'an orders desk that refunds after confirmation' } }),
    now: NOW,
  });
  const other = new Database(path);
  opened.push(db, other);
  return { db, other };
}

/** A row of run_a (only what the counters and counts see). */
function addRow(db: Database.Database, id: string): void {
  db.prepare(
    `INSERT INTO rows (id, run_id, ordinal, rollout_id, scenario_id, tool, rule, stance, world_state, tool_condition, history, writer,
      turns, ended_by, duration_ms, created_at, body)
     VALUES (?, 'run_a', (SELECT COUNT(*) FROM rows), ?, 'sc', 't', 'r', 's', 'w', 'c', 'h', 'offline', 1, 'agent', 1, ?, '{}')`,
  ).run(id, `ro-${id}`, NOW);
}

function counted(db: Database.Database, tables: Parameters<typeof memoOnTables>[1]): { read: () => number; reads: () => number } {
  let reads = 0;
  return {
    read: () =>
      memoOnTables(db, tables, 'rows of run_a', () => {
        reads += 1;
        return (db.prepare("SELECT COUNT(*) AS n FROM rows WHERE run_id = 'run_a'").get() as { n: number }).n;
      }),
    reads: () => reads,
  };
}

describe('values kept per version of the tables they read', () => {
  it('stays kept while other tables are written, and is read again after its own table changes, from any connection', () => {
    const { db, other } = openPair();
    const rows = counted(db, ['rows']);
    expect([rows.read(), rows.read()]).toEqual([0, 0]);
    addRow(db, 'r1');
    expect(rows.read()).toBe(1);
    const before = tablesVersion(db, ['rows']);
    db.prepare(
      "INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at) VALUES ('r1', 'run_a', 'pass', 'human', 'ann', NULL, ?)",
    ).run(NOW);
    other
      .prepare(
        "INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at) VALUES ('r1', 'run_a', 'fail', 'human', 'bob', " +
          'NULL, ?)',
      )
      .run(NOW);
    expect(tablesVersion(db, ['rows'])).toBe(before);
    expect(rows.read()).toBe(1);
    expect(rows.reads()).toBe(2);
    addRow(other, 'r2');
    expect(rows.read()).toBe(2);
    other.prepare("DELETE FROM rows WHERE id = 'r1'").run();
    expect(rows.read()).toBe(1);
    expect(rows.reads()).toBe(4);
  });

  it('counts inserts, updates and deletes of rows, grades and labels (a cascade too)', () => {
    const { db } = openPair();
    const version = () => tablesVersion(db, ['rows', 'grades', 'labels']);
    expect(version()).toBe('0:0:0');
    addRow(db, 'r1');
    db.prepare(
      `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, unsure, provenance, created_at)
       VALUES ('r1', 'run_a', 1, 'ok', 'ok', 'judge', 'j', 0, '{"judge":"j","version":"1"}', ?)`,
    ).run(NOW);
    db.prepare(
      "INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at) VALUES ('r1', 'run_a', 'pass', 'human', 'ann', NULL, ?)",
    ).run(NOW);
    expect(version()).toBe('1:1:1');
    db.prepare("UPDATE labels SET note = 'n'").run();
    expect(version()).toBe('1:1:2');
    db.prepare("DELETE FROM runs WHERE id = 'run_a'").run();
    expect(version()).toBe('2:2:3');
  });

  it('keeps nothing read inside a transaction', () => {
    const { db } = openPair();
    const rows = counted(db, ['rows']);
    expect(() =>
      db.transaction(() => {
        addRow(db, 'undone');
        expect(tablesVersion(db, ['rows'])).toBeNull();
        expect(rows.read()).toBe(1);
        throw new Error('roll back');
      })(),
    ).toThrow('roll back');
    expect(rows.read()).toBe(0);
  });

  it('does not keep a value whose key was read from a table that moved while it was computed', () => {
    const { db, other } = openPair();
    let reads = 0;
    const read = () => {
      const keyReadAt = { tables: ['labels'] as const, version: tablesVersion(db, ['labels']) };
      return memoOnTables(
        db,
        ['rows'],
        'k',
        () => {
          reads += 1;
          if (reads === 1)
            other
              .prepare(
                "INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at) SELECT id, run_id, 'pass', 'human', NULL, " +
                  'NULL, created_at FROM rows LIMIT 1',
              )
              .run();
          return reads;
        },
        { keyReadAt },
      );
    };
    addRow(db, 'r1');
    expect(read()).toBe(1);
    expect(read()).toBe(2);
    expect(read()).toBe(2);
  });

  it('holds one value per key: another variant replaces it', () => {
    const { db } = openPair();
    const computed: string[] = [];
    const value = (variant: string) => memoOnTables(db, ['grades'], 'order', () => (computed.push(variant), variant), { variant });
    expect([value('a'), value('a'), value('b'), value('a')]).toEqual(['a', 'a', 'b', 'a']);
    expect(computed).toEqual(['a', 'b', 'a']);
  });
});
