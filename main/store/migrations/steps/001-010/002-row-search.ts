import { passSql } from '../../../../../shared/domain/verdict';
import type { Migration } from '../../migration';

/*
 * The latest verdicts of one row, whose id is the SQL expression `rowId`; `grades_row_source`, `grades_row` and
 * `labels_row_kind` serve the lookups. Each refresh addresses its row_verdicts line by primary key: the triggers run
 * on every grade a grading job writes.
 */
const latestConduct = (rowId: string) =>
  `FROM grades AS g WHERE g.row_id = ${rowId} AND g.label_source = 'conduct' ORDER BY g.id DESC LIMIT 1`;
const latestJudge = (rowId: string) =>
  `FROM grades AS g WHERE g.row_id = ${rowId} AND g.label_source <> 'conduct' ORDER BY g.id DESC LIMIT 1`;

const verdictAssignments = (rowId: string) => `
    conduct_verdict = COALESCE((
      SELECT CASE WHEN g.reward IS NULL THEN 'error' WHEN ${passSql('g.reward')} THEN 'pass' ELSE 'fail' END ${latestConduct(rowId)}),
        'ungraded'),
    conduct_rule = COALESCE((SELECT CAST(json_extract(g.judge_meta, '$.rule') AS TEXT) ${latestConduct(rowId)}), ''),
    judge_verdict = COALESCE((
      SELECT CASE WHEN g.unsure = 1 THEN 'unsure' WHEN g.reward IS NULL THEN 'error' WHEN ${passSql('g.reward')} THEN 'pass' ELSE 'fail' END
      ${latestJudge(rowId)}), 'ungraded'),
    judge_reward = COALESCE((SELECT g.reward ${latestJudge(rowId)}), -1)`;

const labelAssignment = (rowId: string) => `
    human_label = COALESCE((
      SELECT l.label FROM labels AS l WHERE l.row_id = ${rowId} AND l.kind = 'human' ORDER BY l.id DESC LIMIT 1), 'unlabelled')`;

const lineOf = (rowId: string) => `(run_id, ordinal) = (SELECT run_id, ordinal FROM rows WHERE id = ${rowId})`;
const refreshVerdicts = (rowId: string) => `UPDATE row_verdicts SET ${verdictAssignments(rowId)} WHERE ${lineOf(rowId)}`;
const refreshLabel = (rowId: string) => `UPDATE row_verdicts SET ${labelAssignment(rowId)} WHERE ${lineOf(rowId)}`;

/** The id of the row a row_verdicts line belongs to, inside an UPDATE of row_verdicts. */
const rowOfLine = '(SELECT r.id FROM rows AS r WHERE r.run_id = row_verdicts.run_id AND r.ordinal = row_verdicts.ordinal)';

/**
 * What the conversations table needs to filter, sort and search 100,000 rows in SQL:
 * - `row_search`: a contentless FTS5 index over each row's prompt, message text (contents, then each tool call's
 *   name and JSON arguments) and final text, keyed by the row's rowid. `insertRow` fills it in the same transaction
 *   (`row-search-text.ts` must extract the same text as the backfill below); a trigger removes a deleted row's entry.
 * - `row_tags`: the persona's style tags, one line each, so a tag filter is an index lookup.
 * - `row_verdicts`: each row's latest verdicts, one narrow line per row (so a new grade never rewrites the row's
 *   body), indexed for filters and sorts, kept current by triggers on rows, grades and labels whoever writes them:
 *   `conduct_verdict` (pass|fail|error|ungraded, from the latest conduct grade), `conduct_rule` (its
 *   `judge_meta.rule`, '' for none), `judge_verdict` (pass|fail|unsure|error|ungraded, from the latest grade of any
 *   other source), `judge_reward` (its reward, -1 for none, so ungraded rows sort below 0), `human_label` (the
 *   latest human label, or 'unlabelled'). Pass is passSql (shared/domain/verdict).
 * - indexes for every other filterable and sortable column.
 */
export const rowSearch: Migration = {
  version: 2,
  name: 'row-search',
  sql: `
    CREATE VIRTUAL TABLE row_search USING fts5(
      prompt, messages, final_text,
      content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
    );

    INSERT INTO row_search (rowid, prompt, messages, final_text)
    SELECT rows.rowid,
           json_extract(rows.body, '$.prompt'),
           concat_ws(' ',
             (SELECT group_concat(json_extract(message.value, '$.content'), ' ' ORDER BY message.key)
                FROM json_each(rows.body, '$.messages') AS message),
             (SELECT group_concat(json_extract(call.value, '$.name') || ' ' || json_extract(call.value, '$.arguments'), ' '
                                  ORDER BY message.key, call.key)
                FROM json_each(rows.body, '$.messages') AS message, json_each(message.value, '$.tool_calls') AS call)),
           json_extract(rows.body, '$.final_text')
      FROM rows;

    CREATE TRIGGER rows_search_delete AFTER DELETE ON rows BEGIN
      DELETE FROM row_search WHERE rowid = old.rowid;
    END;

    CREATE TABLE row_tags (
      run_id TEXT NOT NULL,
      ordinal INTEGER NOT NULL,
      position INTEGER NOT NULL,
      tag TEXT NOT NULL,
      PRIMARY KEY (run_id, ordinal, position),
      FOREIGN KEY (run_id, ordinal) REFERENCES rows(run_id, ordinal) ON DELETE CASCADE
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX row_tags_tag ON row_tags(run_id, tag, ordinal);

    INSERT INTO row_tags (run_id, ordinal, position, tag)
    SELECT rows.run_id, rows.ordinal, tag.key, tag.value
      FROM rows, json_each(rows.body, '$.persona.tags') AS tag;

    CREATE TABLE row_verdicts (
      run_id TEXT NOT NULL,
      ordinal INTEGER NOT NULL,
      conduct_verdict TEXT NOT NULL DEFAULT 'ungraded' CHECK (conduct_verdict IN ('pass', 'fail', 'error', 'ungraded')),
      conduct_rule TEXT NOT NULL DEFAULT '',
      judge_verdict TEXT NOT NULL DEFAULT 'ungraded' CHECK (judge_verdict IN ('pass', 'fail', 'unsure', 'error', 'ungraded')),
      judge_reward REAL NOT NULL DEFAULT -1,
      human_label TEXT NOT NULL DEFAULT 'unlabelled',
      PRIMARY KEY (run_id, ordinal),
      FOREIGN KEY (run_id, ordinal) REFERENCES rows(run_id, ordinal) ON DELETE CASCADE
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX row_verdicts_conduct ON row_verdicts(run_id, conduct_verdict, ordinal);
    CREATE INDEX row_verdicts_conduct_rule ON row_verdicts(run_id, conduct_rule, ordinal);
    CREATE INDEX row_verdicts_judge ON row_verdicts(run_id, judge_verdict, ordinal);
    CREATE INDEX row_verdicts_reward ON row_verdicts(run_id, judge_reward, ordinal);
    CREATE INDEX row_verdicts_label ON row_verdicts(run_id, human_label, ordinal);

    CREATE INDEX grades_row_source ON grades(row_id, label_source, id);
    CREATE INDEX labels_row_kind ON labels(row_id, kind, id);
    CREATE INDEX grades_run_judge ON grades(run_id, label_source, judge_name, row_id);

    INSERT INTO row_verdicts (run_id, ordinal) SELECT run_id, ordinal FROM rows;
    UPDATE row_verdicts SET ${verdictAssignments(rowOfLine)}, ${labelAssignment(rowOfLine)};

    CREATE TRIGGER rows_verdicts_insert AFTER INSERT ON rows BEGIN
      INSERT INTO row_verdicts (run_id, ordinal) VALUES (new.run_id, new.ordinal);
    END;
    CREATE TRIGGER grades_verdicts_insert AFTER INSERT ON grades BEGIN ${refreshVerdicts('new.row_id')}; END;
    CREATE TRIGGER grades_verdicts_update AFTER UPDATE ON grades BEGIN
      ${refreshVerdicts('old.row_id')};
      ${refreshVerdicts('new.row_id')};
    END;
    CREATE TRIGGER grades_verdicts_delete AFTER DELETE ON grades BEGIN ${refreshVerdicts('old.row_id')}; END;
    CREATE TRIGGER labels_latest_insert AFTER INSERT ON labels BEGIN ${refreshLabel('new.row_id')}; END;
    CREATE TRIGGER labels_latest_update AFTER UPDATE ON labels BEGIN
      ${refreshLabel('old.row_id')};
      ${refreshLabel('new.row_id')};
    END;
    CREATE TRIGGER labels_latest_delete AFTER DELETE ON labels BEGIN ${refreshLabel('old.row_id')}; END;

    CREATE INDEX rows_writer ON rows(run_id, writer, ordinal);
    CREATE INDEX rows_turns ON rows(run_id, turns, ordinal);
    CREATE INDEX rows_ended_by ON rows(run_id, ended_by, ordinal);
    CREATE INDEX rows_scenario ON rows(run_id, scenario_id, ordinal);
  `,
};
