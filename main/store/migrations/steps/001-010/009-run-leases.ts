import type { Migration } from '../../migration';

/**
 * Which process writes a run. The CLI and the app (browser mode or desktop) may open the same data folder at once;
 * a run is written by the one process holding its lease, which renews `heartbeat_at` while it executes and deletes
 * the row when the run stops. A lease whose heartbeat is stale, or whose process is gone from this host, is taken
 * over by the next writer. Times are milliseconds since the Unix epoch (wall clock, compared across processes).
 * `token` is random per acquisition: a process keeps writing only while the row still carries its token.
 */
export const runLeases: Migration = {
  version: 9,
  name: 'run-leases',
  sql: `
    CREATE TABLE run_leases (
      run_id TEXT PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
      token TEXT NOT NULL,
      pid INTEGER NOT NULL,
      host TEXT NOT NULL,
      program TEXT NOT NULL,
      acquired_at INTEGER NOT NULL,
      heartbeat_at INTEGER NOT NULL
    ) STRICT, WITHOUT ROWID;
  `,
};
