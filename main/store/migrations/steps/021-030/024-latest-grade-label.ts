import type { Migration } from '../../migration';

/*
 * This migration's text is history: the columns below are frozen here. The export's page of prepared lines
 * (main/store/exports/export-rows-repository.ts) reads what it keeps.
 */

/** The latest grade's columns (alias `g`) and the latest label's (alias `l`) a line and its metadata carry. */
const COLUMNS = `g.reward, g.reason, g.label_source, g.judge_name, g.judge_status, g.failure_class, l.label, l.kind`;

/** The kept line of each row in `rows AS r` with a grade or a label: its latest of each (the highest id), or nulls. */
const linesOf = (where: string) => `INSERT INTO latest_grade_label
      (row_id, reward, reason, label_source, judge_name, judge_status, failure_class, label, label_kind)
      SELECT r.id, ${COLUMNS}
      FROM rows AS r
      LEFT JOIN grades AS g ON g.id = (SELECT MAX(id) FROM grades WHERE grades.row_id = r.id)
      LEFT JOIN labels AS l ON l.id = (SELECT MAX(id) FROM labels WHERE labels.row_id = r.id)
      WHERE ${where} AND (g.id IS NOT NULL OR l.id IS NOT NULL)`;

/**
 * Reads the row `rowId` (an SQL expression) again: its line goes, and comes back when the row is still stored with a
 * grade or a label.
 */
const refresh = (rowId: string) => `
      DELETE FROM latest_grade_label WHERE row_id = ${rowId};
      ${linesOf(`r.id = ${rowId}`)};`;

/** A table's columns in latest_grade_label, each as its column in that table. */
const KEPT: Record<'grades' | 'labels', Record<string, string>> = {
  grades: {
    reward: 'reward',
    reason: 'reason',
    label_source: 'label_source',
    judge_name: 'judge_name',
    judge_status: 'judge_status',
    failure_class: 'failure_class',
  },
  labels: { label: 'label', label_kind: 'kind' },
};

/**
 * A grade or label inserted with the row's highest id (every one the app writes) becomes the row's latest: its columns
 * go into the row's line as they are, the other table's kept; one inserted with a lower id changes nothing.
 */
const insertedLatest = (table: 'grades' | 'labels') => {
  const columns = Object.keys(KEPT[table]);
  return `
    CREATE TRIGGER latest_grade_label_${table}_insert AFTER INSERT ON ${table}
      WHEN new.id = (SELECT MAX(id) FROM ${table} WHERE row_id = new.row_id) BEGIN
      INSERT INTO latest_grade_label (row_id, ${columns.join(', ')})
        VALUES (new.row_id, ${columns.map((column) => `new.${KEPT[table][column]}`).join(', ')})
        ON CONFLICT (row_id) DO UPDATE SET ${columns.map((column) => `${column} = excluded.${column}`).join(', ')};
    END;`;
};

const kept = (table: 'grades' | 'labels') => `
    ${insertedLatest(table)}
    CREATE TRIGGER latest_grade_label_${table}_delete AFTER DELETE ON ${table} BEGIN ${refresh('old.row_id')} END;
    CREATE TRIGGER latest_grade_label_${table}_update AFTER UPDATE ON ${table} BEGIN
      ${refresh('old.row_id')} ${refresh('new.row_id')}
    END;`;

/**
 * Each row's latest grade and latest label (the columns an export line and its metadata carry), one line per row
 * that has either, keyed by the row's id: the export's page of prepared lines reads one line per row here where it
 * looked up the latest grade and the latest label through grades_row and labels_row, then each by id (the join cost
 * 200-220 ms of a 100,000-row TRL export, issue 25; this line is found in one seek). A row with neither has no line,
 * which reads as the nulls of the join. Triggers keep it in the writer's transaction: a grade or label inserted as the
 * row's latest writes its columns into the line; one updated (also moved to another row) or deleted (also with its
 * row, by the foreign key) reads the row's line again; a row deleted takes its line with it. Filled here for the
 * rows already stored.
 */
export const latestGradeLabel: Migration = {
  version: 24,
  name: 'latest-grade-label',
  sql: `
    CREATE TABLE latest_grade_label (
      row_id TEXT PRIMARY KEY REFERENCES rows(id) ON DELETE CASCADE,
      reward REAL,
      reason TEXT,
      label_source TEXT,
      judge_name TEXT,
      judge_status TEXT,
      failure_class TEXT,
      label TEXT,
      label_kind TEXT
    ) STRICT, WITHOUT ROWID;
    ${linesOf('r.id IS NOT NULL')} ORDER BY r.id;
    ${kept('grades')}
    ${kept('labels')}
  `,
};
