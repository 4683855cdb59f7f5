import type { Migration } from '../../migration';

/*
 * A row's Label column (row_verdicts.human_label) as the conversations table shows, filters and sorts it, for the row
 * whose id is the SQL expression `rowId`: its settled label (the latest adjudication), else `conflict` while the current
 * votes split pass against fail, else its latest human label, else `unlabelled`. The votes are each author's latest
 * label and every unsigned one, as gold counts them (engine/grade/agreement/row-gold.ts rowGold); labels_row_author serves
 * every lookup.
 */
const VOTES = (rowId: string) =>
  `FROM (
       SELECT (SELECT l2.label FROM labels AS l2 WHERE l2.row_id = ${rowId} AND l2.author = authors.author ORDER BY l2.id DESC LIMIT 1)
         AS label
       FROM (SELECT DISTINCT l1.author FROM labels AS l1 WHERE l1.row_id = ${rowId} AND l1.author IS NOT NULL) AS authors
       UNION ALL SELECT l3.label FROM labels AS l3 WHERE l3.row_id = ${rowId} AND l3.author IS NULL
     ) AS l WHERE l.label IN ('pass', 'fail')`;
export const labelColumnSql = (rowId: string) => `COALESCE(
      (SELECT a.label FROM adjudications AS a WHERE a.row_id = ${rowId} ORDER BY a.id DESC LIMIT 1),
      (SELECT CASE WHEN COUNT(DISTINCT l.label) = 2 THEN 'conflict' END ${VOTES(rowId)}),
      (SELECT l.label FROM labels AS l WHERE l.row_id = ${rowId} AND l.kind = 'human' ORDER BY l.id DESC LIMIT 1),
      'unlabelled')`;

const lineOf = (rowId: string) => `(run_id, ordinal) = (SELECT run_id, ordinal FROM rows WHERE id = ${rowId})`;
const refreshLabel = (rowId: string) => `UPDATE row_verdicts SET human_label = ${labelColumnSql(rowId)} WHERE ${lineOf(rowId)}`;
const rowOfLine = '(SELECT r.id FROM rows AS r WHERE r.run_id = row_verdicts.run_id AND r.ordinal = row_verdicts.ordinal)';
const bumpLabels = "UPDATE change_counts SET n = n + 1 WHERE name = 'labels'";

/**
 * Labelling a team can trust (issue 22):
 * - `labels.blind`: whether a label was made with every judge's verdict hidden (1), with one visible (0), or nobody
 *   recorded it (NULL: imports, the CLI, labels stored before);
 * - `label_undos`: labels taken back (Ctrl+Z in the Label view), each with when: an undo deletes the label, so every
 *   "latest label" read stays as it was, and the label is kept here;
 * - `adjudications`: the gold a person settled for a row whose annotators disagree, signed; the labels stay as they were;
 * - the Label column now says `conflict` for a row whose votes split, and shows a settled label first;
 * - `run_fills`: "fill this cell" as a continuation of the same run (rows numbered on from `first_ordinal`, aimed at
 *   the cell), resumable like the run itself until `ended_at` is set.
 * Settlements move the labels' change counter (010), since they change gold as a label does.
 */
export const labellingTrust: Migration = {
  version: 14,
  name: 'labelling-trust',
  sql: `
    ALTER TABLE labels ADD COLUMN blind INTEGER CHECK (blind IS NULL OR blind IN (0, 1));

    CREATE TABLE label_undos (
      id INTEGER PRIMARY KEY,
      row_id TEXT NOT NULL REFERENCES rows(id) ON DELETE CASCADE,
      run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
      label TEXT NOT NULL,
      kind TEXT NOT NULL,
      author TEXT,
      note TEXT,
      blind INTEGER,
      created_at TEXT NOT NULL,
      undone_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX label_undos_run ON label_undos(run_id, id);

    CREATE TABLE adjudications (
      id INTEGER PRIMARY KEY,
      row_id TEXT NOT NULL REFERENCES rows(id) ON DELETE CASCADE,
      run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
      label TEXT NOT NULL CHECK (label IN ('pass', 'fail')),
      author TEXT NOT NULL,
      note TEXT,
      created_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX adjudications_row ON adjudications(row_id, id);
    CREATE INDEX adjudications_run ON adjudications(run_id, row_id, id);

    CREATE TABLE run_fills (
      id INTEGER PRIMARY KEY,
      run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
      aim TEXT NOT NULL,
      budget INTEGER NOT NULL CHECK (budget > 0),
      first_ordinal INTEGER NOT NULL CHECK (first_ordinal >= 0),
      created_at TEXT NOT NULL,
      ended_at TEXT
    ) STRICT;
    CREATE INDEX run_fills_run ON run_fills(run_id, id);

    DROP TRIGGER labels_latest_insert;
    DROP TRIGGER labels_latest_update;
    DROP TRIGGER labels_latest_delete;
    -- Each author's latest label of a row, as the votes read it on every label stored (a row with many labels
    -- otherwise costs its label count squared per insert).
    CREATE INDEX labels_row_author ON labels(row_id, author, id);
    CREATE TRIGGER labels_latest_insert AFTER INSERT ON labels BEGIN ${refreshLabel('new.row_id')}; END;
    CREATE TRIGGER labels_latest_update AFTER UPDATE ON labels BEGIN
      ${refreshLabel('old.row_id')};
      ${refreshLabel('new.row_id')};
    END;
    CREATE TRIGGER labels_latest_delete AFTER DELETE ON labels BEGIN ${refreshLabel('old.row_id')}; END;
    CREATE TRIGGER adjudications_insert AFTER INSERT ON adjudications BEGIN ${refreshLabel('new.row_id')}; ${bumpLabels}; END;
    CREATE TRIGGER adjudications_delete AFTER DELETE ON adjudications BEGIN ${refreshLabel('old.row_id')}; ${bumpLabels}; END;

    UPDATE row_verdicts SET human_label = ${labelColumnSql(rowOfLine)}
      WHERE (run_id, ordinal) IN (SELECT r.run_id, r.ordinal FROM labels AS l JOIN rows AS r ON r.id = l.row_id);
  `,
};
