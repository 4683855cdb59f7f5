import type { Migration } from '../../migration';

/** Whether a label or a settlement still names the row of `line` (`old` or `new`): its line stays while one does. */
const still = (line: string) =>
  `EXISTS (SELECT 1 FROM labels WHERE row_id = ${line}.row_id) OR EXISTS (SELECT 1 FROM adjudications WHERE row_id = ${line}.row_id)`;
/** A row's line, read from `rows` (a row labelled again already has one: the insert trigger looks first). */
const added = (line: string) => `INSERT OR IGNORE INTO labelled_rows (run_id, ordinal, row_id, scenario_id)
      SELECT run_id, ordinal, id, scenario_id FROM rows WHERE id = ${line}.row_id;`;
const dropped = (line: string) => `DELETE FROM labelled_rows WHERE row_id = ${line}.row_id AND NOT (${still(line)});`;

const triggers = (table: 'labels' | 'adjudications') => `
    CREATE TRIGGER labelled_rows_${table}_insert AFTER INSERT ON ${table}
      WHEN NOT EXISTS (SELECT 1 FROM labelled_rows WHERE row_id = new.row_id) BEGIN ${added('new')} END;
    CREATE TRIGGER labelled_rows_${table}_delete AFTER DELETE ON ${table} BEGIN ${dropped('old')} END;
    CREATE TRIGGER labelled_rows_${table}_update AFTER UPDATE OF row_id ON ${table} WHEN old.row_id IS NOT new.row_id BEGIN
      ${dropped('old')}
      ${added('new')}
    END;`;

/**
 * The rows of each run that carry a label or a settlement, with what agreement.get reads of them (id, scenario,
 * ordinal), in row order. agreement.get's first call read those 2% of a 1,000,000-row run one by one from `rows`
 * (20,800 pages of 8 KiB at random: 200-500 ms, issue 25); these lines sit together in one small index. Triggers keep
 * them in the writer's transaction: a label or settlement adds its row's line, the last one taken back (an undo, a
 * delete, a row or run deleted with its labels) removes it. Filled here for the rows already labelled.
 */
export const labelledRows: Migration = {
  version: 21,
  name: 'labelled-rows',
  sql: `
    CREATE TABLE labelled_rows (
      run_id TEXT NOT NULL,
      ordinal INTEGER NOT NULL,
      row_id TEXT NOT NULL UNIQUE,
      scenario_id TEXT NOT NULL,
      PRIMARY KEY (run_id, ordinal)
    ) STRICT, WITHOUT ROWID;
    ${triggers('labels')}
    ${triggers('adjudications')}
    INSERT OR IGNORE INTO labelled_rows (run_id, ordinal, row_id, scenario_id)
      SELECT r.run_id, r.ordinal, r.id, r.scenario_id
      FROM (SELECT row_id FROM labels UNION SELECT row_id FROM adjudications) AS labelled CROSS JOIN rows AS r ON r.id = labelled.row_id;
  `,
};
