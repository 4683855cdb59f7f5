import type { Migration } from '../../migration';

/**
 * Indexes for grading and labeling, no new tables. A row's latest grade from one judge (name + version) is
 * `MAX(id)` grouped by (judge_name, version, row_id): the expression index lets SQLite read that from the index
 * alone. A person's latest label on a row is `MAX(id)` grouped by (row_id, author). Queries must spell the
 * version exactly as `json_extract(provenance, '$.version')` for the planner to match the index.
 */
export const grading: Migration = {
  version: 3,
  name: 'grading',
  sql: `
    CREATE INDEX grades_latest ON grades(run_id, judge_name, json_extract(provenance, '$.version'), row_id, id);
    CREATE INDEX labels_latest ON labels(run_id, row_id, author, id);
  `,
};
