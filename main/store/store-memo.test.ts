import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { memoOnStore, storeVersion } from './store-memo';

const opened: Database.Database[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

/** Two connections to one new store file (the app's and a worker's). */
function openPair(): { db: Database.Database; other: Database.Database } {
  const path = join(mkdtempSync(join(tmpdir(), 'store-memo-')), 'store.sqlite');
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL) STRICT');
  const other = new Database(path);
  opened.push(db, other);
  return { db, other };
}

/** The number of notes, counting the reads that reached the table. */
function counter(db: Database.Database): { read: () => number; reads: () => number } {
  let reads = 0;
  return {
    read: () =>
      memoOnStore(db, 'notes', () => {
        reads += 1;
        return (db.prepare('SELECT COUNT(*) AS n FROM notes').get() as { n: number }).n;
      }),
    reads: () => reads,
  };
}

describe('values kept per store version', () => {
  it('reads once until this connection writes, then reads the new data', () => {
    const { db } = openPair();
    const notes = counter(db);
    expect([notes.read(), notes.read()]).toEqual([0, 0]);
    expect(notes.reads()).toBe(1);
    db.prepare("INSERT INTO notes (text) VALUES ('a')").run();
    expect(notes.read()).toBe(1);
    db.prepare("UPDATE notes SET text = 'b'").run();
    expect(notes.read()).toBe(1);
    expect(notes.reads()).toBe(3);
  });

  it('sees a commit of another connection (a worker storing rows)', () => {
    const { db, other } = openPair();
    const notes = counter(db);
    expect(notes.read()).toBe(0);
    other.prepare("INSERT INTO notes (text) VALUES ('from a worker')").run();
    expect(notes.read()).toBe(1);
    other.prepare('DELETE FROM notes').run();
    expect(notes.read()).toBe(0);
  });

  it('keeps nothing read inside a transaction, so a rollback leaves no value of data that never was', () => {
    const { db } = openPair();
    const notes = counter(db);
    expect(() =>
      db.transaction(() => {
        db.prepare("INSERT INTO notes (text) VALUES ('undone')").run();
        expect(storeVersion(db)).toBeNull();
        expect(notes.read()).toBe(1);
        throw new Error('roll back');
      })(),
    ).toThrow('roll back');
    expect(notes.read()).toBe(0);
  });

  it('keeps values apart by key and bounds how many it keeps', () => {
    const { db } = openPair();
    const computed: number[] = [];
    const value = (index: number) => memoOnStore(db, `key ${index}`, () => (computed.push(index), index * 2));
    for (let index = 0; index < 100; index += 1) expect(value(index)).toBe(index * 2);
    expect(value(99)).toBe(198);
    expect(value(0)).toBe(0);
    // The oldest keys were dropped and computed again; the newest were kept.
    expect(computed.filter((index) => index === 0)).toHaveLength(2);
    expect(computed.filter((index) => index === 99)).toHaveLength(1);
  });
});
