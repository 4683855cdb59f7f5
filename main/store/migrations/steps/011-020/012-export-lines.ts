import type { Migration } from '../../migration';

/**
 * Each row's prepared line (engine/export/prepared-line.ts): the parts of its line in the default SFT export that the
 * row alone decides, written with the row. The export joins them with the run's system prompt and tools and the row's
 * latest grade instead of parsing the body and building, checking and serialising the line again. `recipe` names
 * the exports a line serves (the exporters' version and the run's tools); a row without a line of the export's recipe
 * (stored before this step, or by another version) is read whole, so nothing here is ever needed for an export to
 * be right. What the gates count for the row (engine PreparedFacts) is kept in columns, read without parsing; the
 * small columns come first, then `messages`, the long one; `needles` (the row's privileged texts, as a JSON list) is
 * last and read only for a grade long enough to quote one.
 */
export const exportLines: Migration = {
  version: 12,
  name: 'export-lines',
  sql: `
    CREATE TABLE export_lines (
      row_id TEXT PRIMARY KEY REFERENCES rows(id) ON DELETE CASCADE,
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
      needles TEXT NOT NULL
    ) STRICT;
  `,
};
