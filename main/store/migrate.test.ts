import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { migrate, schemaVersion } from './migrate';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations';
import { NewerDatabaseError } from './newer-database-error';

function tables(db: Database.Database): string[] {
  return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map(
    (table) => table.name,
  );
}

describe('migrations', () => {
  it('are numbered consecutively from 1', () => {
    expect(MIGRATIONS.map((migration) => migration.version)).toEqual(MIGRATIONS.map((_, index) => index + 1));
  });

  it('001 creates the first schema with strict tables and the six axis indexes', () => {
    const db = new Database(':memory:');
    migrate(db, ':memory:', MIGRATIONS.slice(0, 1));
    expect(schemaVersion(db)).toBe(1);
    expect(tables(db)).toEqual(['exports', 'grades', 'labels', 'rows', 'runs', 'settings', 'specs']);
    const strict = db.prepare('PRAGMA table_list').all() as { name: string; strict: number }[];
    for (const table of strict.filter((entry) => !entry.name.startsWith('sqlite_'))) expect(table.strict, table.name).toBe(1);
    const indexes = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'rows'").all() as { name: string }[]
    ).map((index) => index.name);
    for (const axis of ['tool', 'rule', 'stance', 'world_state', 'tool_condition', 'history']) expect(indexes).toContain(`rows_${axis}`);
  });

  it('runs all pending migrations once and is a no-op the second time', () => {
    const db = new Database(':memory:');
    migrate(db, ':memory:');
    migrate(db, ':memory:');
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
  });

  it('rolls back every step of a failing migration batch', () => {
    const db = new Database(':memory:');
    const broken = [
      ...MIGRATIONS,
      { version: MIGRATIONS.length + 1, name: 'broken', sql: 'CREATE TABLE extra (x INTEGER); SELECT * FROM missing_table;' },
    ];
    expect(() => migrate(db, ':memory:', broken)).toThrow(/missing_table/);
    expect(schemaVersion(db)).toBe(0);
    expect(tables(db)).toEqual([]);
  });

  it('refuses a database written by a newer version, with a message that says what to do', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'while-store-')), 'newer.sqlite');
    const newer = new Database(path);
    newer.pragma(`user_version = ${SCHEMA_VERSION + 3}`);
    newer.close();
    let caught: unknown;
    try {
      openDatabase(path);
    } catch (error) {
      caught = error;
    }
    expect(NewerDatabaseError.isInstance(caught)).toBe(true);
    expect((caught as Error).message).toContain(`schema ${SCHEMA_VERSION + 3}`);
    expect((caught as Error).message).toContain('WHILE_STUDIO_DATA_DIR');
  });

  it('opens in WAL mode with foreign keys on', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'while-store-')), 'store.sqlite');
    const db = openDatabase(path);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });
});
