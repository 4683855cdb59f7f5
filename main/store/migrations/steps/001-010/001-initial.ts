import type { Migration } from '../../migration';

/** The first schema: runs, specs, rows with the six axes as indexed columns, grades, labels, exports, settings. */
export const initial: Migration = {
  version: 1,
  name: 'initial',
  sql: `
    CREATE TABLE specs (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      sentence TEXT,
      domain TEXT NOT NULL,
      body TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) STRICT;

    CREATE TABLE runs (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'cancelled', 'failed', 'interrupted')),
      config TEXT NOT NULL,
      spec_id TEXT REFERENCES specs(id),
      rows_done INTEGER NOT NULL DEFAULT 0,
      stopped_because TEXT,
      degraded TEXT NOT NULL DEFAULT '[]',
      warnings TEXT NOT NULL DEFAULT '[]',
      summary TEXT,
      batches TEXT NOT NULL DEFAULT '[]',
      pairwise TEXT,
      error TEXT
    ) STRICT;
    CREATE INDEX runs_created ON runs(created_at DESC);

    CREATE TABLE rows (
      id TEXT PRIMARY KEY,
      run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
      ordinal INTEGER NOT NULL,
      rollout_id TEXT NOT NULL,
      scenario_id TEXT NOT NULL,
      tool TEXT NOT NULL,
      rule TEXT NOT NULL,
      stance TEXT NOT NULL,
      world_state TEXT NOT NULL,
      tool_condition TEXT NOT NULL,
      history TEXT NOT NULL,
      writer TEXT NOT NULL,
      turns INTEGER NOT NULL,
      ended_by TEXT NOT NULL,
      duration_ms INTEGER NOT NULL,
      created_at TEXT NOT NULL,
      body TEXT NOT NULL,
      UNIQUE (run_id, ordinal)
    ) STRICT;
    CREATE INDEX rows_tool ON rows(run_id, tool, ordinal);
    CREATE INDEX rows_rule ON rows(run_id, rule, ordinal);
    CREATE INDEX rows_stance ON rows(run_id, stance, ordinal);
    CREATE INDEX rows_world_state ON rows(run_id, world_state, ordinal);
    CREATE INDEX rows_tool_condition ON rows(run_id, tool_condition, ordinal);
    CREATE INDEX rows_history ON rows(run_id, history, ordinal);

    CREATE TABLE grades (
      id INTEGER PRIMARY KEY,
      row_id TEXT NOT NULL REFERENCES rows(id) ON DELETE CASCADE,
      run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
      reward REAL CHECK (reward IS NULL OR (reward >= 0 AND reward <= 1)),
      reason TEXT NOT NULL,
      judge_status TEXT NOT NULL CHECK (judge_status IN ('ok', 'missing_reward', 'invalid_result', 'error', 'timeout')),
      label_source TEXT NOT NULL,
      judge_name TEXT NOT NULL,
      failure_class TEXT,
      unsure INTEGER NOT NULL DEFAULT 0 CHECK (unsure IN (0, 1)),
      span TEXT,
      judge_meta TEXT NOT NULL DEFAULT '{}',
      provenance TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX grades_row ON grades(row_id, id);
    CREATE INDEX grades_run ON grades(run_id, judge_name);

    CREATE TABLE labels (
      id INTEGER PRIMARY KEY,
      row_id TEXT NOT NULL REFERENCES rows(id) ON DELETE CASCADE,
      run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
      label TEXT NOT NULL CHECK (label IN ('pass', 'fail', 'unsure', 'skip', 'simulator_error')),
      kind TEXT NOT NULL CHECK (kind IN ('human', 'program', 'model')),
      author TEXT,
      note TEXT,
      created_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX labels_row ON labels(row_id, id);
    CREATE INDEX labels_run ON labels(run_id, author);

    CREATE TABLE exports (
      id INTEGER PRIMARY KEY,
      run_id TEXT REFERENCES runs(id) ON DELETE SET NULL,
      destination TEXT NOT NULL,
      format TEXT NOT NULL,
      location TEXT NOT NULL,
      n_rows INTEGER NOT NULL,
      report TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) STRICT;

    CREATE TABLE settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    ) STRICT;
  `,
};
