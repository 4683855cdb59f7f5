import type { Migration } from '../../migration';

/**
 * Each row's DPO pairing facts (engine/export/selection/pair-facts.ts), written with the row: what pairing weighs about
 * a row that the row alone decides. A DPO export reads these and the grades with one query a page of ids, pairs, and
 * reads whole only the rows of the pairs it writes, where it read every row whole before. `version` names the facts'
 * version (PAIR_FACTS_VERSION); a row without facts of the current one (stored before this step, or by another version)
 * is read whole, so nothing here is ever needed for an export to be right. `key_hash` is a digest of the conversation
 * as a trainer sees it, compared for equality alone. The row's `rollout_id` and `scenario_id` are kept here too: read
 * from `rows`, each long row's page cost more than the facts themselves.
 */
export const pairFacts: Migration = {
  version: 19,
  name: 'pair-facts',
  sql: `
    CREATE TABLE pair_facts (
      row_id TEXT PRIMARY KEY REFERENCES rows(id) ON DELETE CASCADE,
      version INTEGER NOT NULL,
      rollout_id TEXT NOT NULL,
      scenario_id TEXT NOT NULL,
      junk INTEGER NOT NULL,
      leak INTEGER NOT NULL,
      tool_calls INTEGER NOT NULL,
      chars INTEGER NOT NULL,
      shape TEXT NOT NULL,
      key_hash TEXT NOT NULL,
      ask TEXT NOT NULL
    ) STRICT;
  `,
};
