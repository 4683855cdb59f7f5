import type { Migration } from '../../migration';

/**
 * The Coverage screen groups a run's rows by all six axes (distinct coordinates, pairs covered) and by any two of
 * them (one heatmap). The per-axis indexes of 001 answer those only by reading every row from the table, whose
 * rows carry the whole conversation as JSON; this index holds the six axis columns and the row id, so both
 * groupings and the join to each row's latest grade read the index alone (about 30x fewer pages at 100,000 rows).
 */
export const coverageIndex: Migration = {
  version: 4,
  name: 'coverage-index',
  sql: `
    CREATE INDEX rows_coordinates ON rows(run_id, tool, rule, stance, world_state, tool_condition, history, id);
  `,
};
