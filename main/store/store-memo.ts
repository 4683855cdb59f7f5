import { statement, type Db } from './database';

/*
 * Values read from the store, kept until the store changes. The store's version is PRAGMA data_version (moved by
 * every commit of another connection: a worker storing rows or grades) with total_changes() (every row this
 * connection inserted, updated or deleted; a cascade comes with the statement that caused it). Two reads at the
 * same version read the same data, so a value kept under it is exact; any write anywhere in the store drops them all.
 * Inside an open transaction nothing is kept: a rollback takes the data back but not the counter.
 */

/** The most values kept per connection: a few runs' judges, counts and first pages. */
const MAX_ENTRIES = 64;

interface Kept {
  version: string;
  values: Map<string, unknown>;
}

const keptByDb = new WeakMap<Db, Kept>();

/** The store's version as this connection sees it now; null inside a transaction. */
export function storeVersion(db: Db): string | null {
  if (db.inTransaction) return null;
  const record = statement<[], { changes: number; version: number }>(db, 'SELECT total_changes() AS changes, data_version AS version FROM pragma_data_version').get()!;
  return `${record.version}:${record.changes}`;
}

/**
 * `compute()`, or the value it gave for `key` at the store's current version. The version is read before computing,
 * so a write that lands meanwhile only makes the next call compute again. Values are shared: never change one.
 */
export function memoOnStore<T>(db: Db, key: string, compute: () => T): T {
  const version = storeVersion(db);
  if (version === null) return compute();
  let kept = keptByDb.get(db);
  if (!kept || kept.version !== version) {
    kept = { version, values: new Map() };
    keptByDb.set(db, kept);
  }
  if (kept.values.has(key)) return kept.values.get(key) as T;
  const value = compute();
  if (kept.values.size >= MAX_ENTRIES) kept.values.delete(kept.values.keys().next().value!);
  kept.values.set(key, value);
  return value;
}

/** Drops every kept value of a connection (benches measure the first call after a change with it). */
export function forgetStoreMemo(db: Db): void {
  keptByDb.delete(db);
}
