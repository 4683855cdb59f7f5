import type { Database } from 'better-sqlite3';
import { MIGRATIONS } from './migrations';
import type { Migration } from './migrations/migration';
import { NewerDatabaseError } from './newer-database-error';

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Applies every pending migration in one transaction; refuses a database from a newer build. */
export function migrate(db: Database, path: string, migrations: readonly Migration[] = MIGRATIONS): void {
  const current = schemaVersion(db);
  const known = migrations.length;
  if (current > known) throw new NewerDatabaseError(path, current, known);
  if (current === known) return;
  db.transaction(() => {
    for (const migration of migrations.slice(current)) {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    }
  }).immediate();
}
