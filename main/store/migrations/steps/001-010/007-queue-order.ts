import type { Migration } from '../../migration';

/**
 * The labeling queue orders a run's rows by row id and ordinal (and, stratified, by coverage cell), reading no
 * body. No index held both id and ordinal, so every non-generated order read all of a run's rows from the table
 * (bodies and all: about 0.2 s at 100,000 rows, per page and again for first_unlabelled). `rows_queue` covers
 * (run_id, ordinal, id); `rows_queue_cells` covers the stratified order's partitions in ordinal order, so the
 * round-robin numbers each cell without sorting the run. Both are partial on `ordinal >= 0` (true of every row: a
 * row's ordinal is a nonnegative integer) so that only a query carrying that term, the queue's, can use them: the
 * plans of every other read of rows stay as they were. The queue names them with INDEXED BY.
 */
export const queueOrder: Migration = {
  version: 7,
  name: 'queue-order',
  sql: `
    CREATE INDEX rows_queue ON rows(run_id, ordinal, id) WHERE ordinal >= 0;
    CREATE INDEX rows_queue_cells ON rows(run_id, tool, rule, stance, world_state, tool_condition, history, ordinal, id) WHERE ordinal >= 0;
  `,
};
