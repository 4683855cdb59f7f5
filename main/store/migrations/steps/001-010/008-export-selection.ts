import type { Migration } from '../../migration';

/**
 * An export first lists the selected rows' ids and scenarios in plan order (`selectedRows`), reading no body. The
 * run's unique (run_id, ordinal) index gives the order but holds neither id nor scenario, so each of 100,000 rows was
 * read from the table, bodies and all. `rows_export` covers (run_id, ordinal, scenario_id, id). Like 007's indexes it
 * is partial on `ordinal >= 0` (true of every row), so only a query carrying that term, the export's, can use it:
 * the plans of every other read of rows stay as they were.
 */
export const exportSelection: Migration = {
  version: 8,
  name: 'export-selection',
  sql: `
    CREATE INDEX rows_export ON rows(run_id, ordinal, scenario_id, id) WHERE ordinal >= 0;
  `,
};
