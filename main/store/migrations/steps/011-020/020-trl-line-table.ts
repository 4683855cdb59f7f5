import type { Migration } from '../../migration';

/**
 * Each prepared line in TRL's format in a table of its own (engine/export/prepared-line.ts): its own copy of the line's
 * small columns (as export_lines has them, migration 012), TRL's messages and problems, then the row's privileged texts
 * (a JSON list, read only for a grade long enough to quote one). Kept in export_lines after OpenAI's messages
 * (migrations 012 and 016), they made every SFT page read past its messages into them, and a TRL page read OpenAI's
 * messages and the needles to reach its own; now each default export reads one table with only its own bytes. A line
 * written since this step keeps '' in export_lines' `needles` and `trl_messages` and its TRL line here, in the same
 * transaction; a line written before keeps them in export_lines and has no row here (a TRL page reads such rows from
 * export_lines, as before), so the step rewrites nothing and takes no time on a store of any size.
 */
export const trlLineTable: Migration = {
  version: 20,
  name: 'trl-line-table',
  sql: `
    CREATE TABLE trl_lines (
      row_id TEXT PRIMARY KEY REFERENCES export_lines(row_id) ON DELETE CASCADE,
      recipe TEXT NOT NULL,
      prompt TEXT NOT NULL,
      mask TEXT NOT NULL,
      head TEXT NOT NULL,
      tail TEXT NOT NULL,
      n_messages INTEGER NOT NULL,
      has_user INTEGER NOT NULL,
      calls INTEGER NOT NULL,
      trained INTEGER NOT NULL,
      masked INTEGER NOT NULL,
      empty_turns INTEGER NOT NULL,
      tool_calls INTEGER NOT NULL,
      leak_checked INTEGER NOT NULL,
      leak_hit TEXT,
      needle_min INTEGER,
      messages TEXT NOT NULL,
      problems TEXT,
      needles TEXT NOT NULL
    ) STRICT;
  `,
};
