import type { Migration } from '../../migration';

/**
 * Trace imports and their rows, in tables of their own rather than rows of a special run: a production trace has no
 * persona, writer arm, plan ordinal or seed (a Row's invariants), imports have no run lifecycle (status, budget,
 * resume), and keeping traces out of `rows` keeps them out of every export by construction (source traces shape the
 * grid and never enter the data). The six axes are indexed columns as on `rows`; model version, reward and faults
 * are what the failure map reads. `trace_aims` keeps the aim a run was started with, so a resumed run steers the same
 * even after its imports are deleted.
 */
export const traces: Migration = {
  version: 5,
  name: 'traces',
  sql: `
    CREATE TABLE trace_imports (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      created_at TEXT NOT NULL,
      n_rows INTEGER NOT NULL CHECK (n_rows >= 0),
      files TEXT NOT NULL,
      model_versions TEXT NOT NULL DEFAULT '[]',
      warnings TEXT NOT NULL DEFAULT '[]'
    ) STRICT;
    CREATE INDEX trace_imports_created ON trace_imports(created_at DESC);

    CREATE TABLE trace_rows (
      id TEXT PRIMARY KEY,
      import_id TEXT NOT NULL REFERENCES trace_imports(id) ON DELETE CASCADE,
      ordinal INTEGER NOT NULL,
      conversation_id TEXT NOT NULL,
      source_file TEXT NOT NULL,
      format TEXT NOT NULL CHECK (format IN ('otlp_genai', 'otlp_openinference', 'jsonl')),
      model_version TEXT,
      reward REAL CHECK (reward IS NULL OR (reward >= 0 AND reward <= 1)),
      started_at_ms INTEGER,
      tool TEXT NOT NULL,
      rule TEXT NOT NULL,
      stance TEXT NOT NULL,
      world_state TEXT NOT NULL,
      tool_condition TEXT NOT NULL,
      history TEXT NOT NULL,
      faults TEXT NOT NULL DEFAULT '[]',
      body TEXT NOT NULL,
      UNIQUE (import_id, ordinal)
    ) STRICT;
    CREATE INDEX trace_rows_cell ON trace_rows(tool, tool_condition, world_state, import_id, ordinal);

    CREATE TABLE trace_aims (
      run_id TEXT PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
      import_ids TEXT NOT NULL,
      aim TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) STRICT;
  `,
};
