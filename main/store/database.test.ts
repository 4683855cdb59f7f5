import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { schemaVersion } from './migrate';
import { SCHEMA_VERSION } from './migrations';

const pageSize = (db: Database.Database) => db.pragma('page_size', { simple: true });

describe('openDatabase', () => {
  it('creates a new store with 8 KiB pages, in WAL mode', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'while-db-')), 'store.sqlite');
    const db = openDatabase(path);
    expect(pageSize(db)).toBe(8192);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    const again = openDatabase(path);
    expect(pageSize(again)).toBe(8192);
    again.close();
  });

  it('keeps the page size of a store made before, with its rows', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'while-db-')), 'old.sqlite');
    const old = new Database(path);
    old.pragma('page_size = 4096');
    old.pragma('journal_mode = WAL');
    old.exec("CREATE TABLE kept (value TEXT); INSERT INTO kept VALUES ('before')");
    old.close();
    const db = openDatabase(path);
    expect(pageSize(db)).toBe(4096);
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    expect(db.prepare('SELECT value FROM kept').pluck().all()).toEqual(['before']);
    db.close();
  });
});
