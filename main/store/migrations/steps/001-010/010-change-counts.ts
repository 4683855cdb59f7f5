import type { Migration } from '../../migration';

/** The tables whose changes are counted. */
export const COUNTED_TABLES = ['rows', 'grades', 'labels'] as const;
export type CountedTable = (typeof COUNTED_TABLES)[number];

const OPERATIONS = ['INSERT', 'UPDATE', 'DELETE'] as const;

/**
 * A change counter per hot table, moved by triggers on every row inserted, updated or deleted by any connection (a
 * worker storing rows or grades, the CLI, the app): a value read from `labels` and `rows` alone stays valid while
 * grades land, and one read from `grades` while the person labels (main/store/store-memo memoOnTables). A counter
 * moves inside the writer's transaction, so a rollback takes it back with the data.
 */
export const changeCounts: Migration = {
  version: 10,
  name: 'change-counts',
  sql: `
    CREATE TABLE change_counts (
      name TEXT PRIMARY KEY,
      n INTEGER NOT NULL
    ) STRICT, WITHOUT ROWID;
    INSERT INTO change_counts (name, n) VALUES ${COUNTED_TABLES.map((table) => `('${table}', 0)`).join(', ')};
    ${COUNTED_TABLES.flatMap((table) =>
      OPERATIONS.map(
        (operation) =>
          `CREATE TRIGGER change_counts_${table}_${operation.toLowerCase()} AFTER ${operation} ON ${table}
      BEGIN UPDATE change_counts SET n = n + 1 WHERE name = '${table}'; END;`,
      ),
    ).join('\n    ')}
  `,
};
