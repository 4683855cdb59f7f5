import type { Migration } from '../../migration';

/**
 * Each prepared line's messages in TRL's wire shape (engine/export/prepared-line.ts), beside OpenAI's: the default TRL
 * export joins them with the same ask, carry keys and facts. NULL: the line was made before this step (`wai store
 * optimize` makes it again, with them); '' : the row's TRL line is not clean where its OpenAI line is, so a TRL export
 * reads the row whole. Adding a column rewrites nothing, so the step takes no time on a store of any size.
 */
export const trlLines: Migration = {
  version: 16,
  name: 'trl-lines',
  sql: `ALTER TABLE export_lines ADD COLUMN trl_messages TEXT;`,
};
