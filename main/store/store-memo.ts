import { statement, type Db } from './database';
import type { CountedTable } from './migrations/steps/001-010/010-change-counts';

export type { CountedTable };

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
  const record = statement<[], { changes: number; version: number }>(
    db,
    'SELECT total_changes() AS changes, data_version AS version FROM pragma_data_version',
  ).get()!;
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

/*
 * Values kept per version of the tables they read (migration 010's change counters, moved by triggers on every
 * insert, update and delete of any connection): a value read from grades alone stays kept while labels are written,
 * so the trust panel's judges are not totalled again after each label. Keys must name every other input.
 */

interface TableKept {
  version: string;
  value: unknown;
}

/** The most values kept per connection this way. */
const MAX_TABLE_ENTRIES = 64;
const keptByTables = new WeakMap<Db, Map<string, TableKept>>();

/** The change counters of `tables` now (in the order given); null inside a transaction. */
export function tablesVersion(db: Db, tables: readonly CountedTable[]): string | null {
  if (db.inTransaction) return null;
  const counts = statement<[], { name: string; n: number }>(db, 'SELECT name, n FROM change_counts').all();
  return tables.map((table) => counts.find((count) => count.name === table)?.n ?? 'none').join(':');
}

/**
 * Other tables a key was read from: the value is kept only when they are still at `version` (read before the key)
 * once it is computed, so a value is never kept under a key that no longer describes what it was computed from.
 */
export interface KeyReadAt {
  tables: readonly CountedTable[];
  version: string | null;
}

export interface MemoOptions {
  keyReadAt?: KeyReadAt | undefined;
  /**
   * The rest of the inputs, when one slot should hold one value at a time (a large one: a whole order of the run):
   * a value is kept for `key` and given back only for the same variant; another variant replaces it.
   */
  variant?: string | undefined;
}

/**
 * `compute()`, or the value it gave for `key` while `tables` have not changed since. The version is read before
 * computing, so a write that lands meanwhile only makes the next call compute again. Values are shared: never change one.
 */
export function memoOnTables<T>(db: Db, tables: readonly CountedTable[], key: string, compute: () => T, options: MemoOptions = {}): T {
  const { keyReadAt, variant = '' } = options;
  const tablesAt = tablesVersion(db, tables);
  if (tablesAt === null || keyReadAt?.version === null) return compute();
  const version = `${tablesAt}\u0000${variant}`;
  let kept = keptByTables.get(db);
  if (!kept) keptByTables.set(db, (kept = new Map()));
  const fullKey = `${tables.join(',')}\u0000${key}`;
  const found = kept.get(fullKey);
  if (found && found.version === version) return found.value as T;
  const value = compute();
  if (keyReadAt && tablesVersion(db, keyReadAt.tables) !== keyReadAt.version) return value;
  kept.delete(fullKey);
  if (kept.size >= MAX_TABLE_ENTRIES) kept.delete(kept.keys().next().value!);
  kept.set(fullKey, { version, value });
  return value;
}

/** Drops every value memoOnTables kept for a connection (benches measure a first call with it). */
export function forgetTableMemo(db: Db): void {
  keptByTables.delete(db);
}
