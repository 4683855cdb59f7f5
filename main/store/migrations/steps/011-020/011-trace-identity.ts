import type { Migration } from '../../migration';

/**
 * What identifies an imported trace: `trace_key`, its own id (OTLP conversation or trace id, a JSONL line's id; NULL
 * for a line that names none), and `content_hash`, the SHA-256 of its content in stable JSON (engine/traces
 * trace-identity.ts). An import skips traces whose id and content are already stored, so importing a file twice, or
 * an export overlapping an earlier one, adds nothing twice.
 *
 * Rows stored before this step get their `trace_key` here and their `content_hash` from the app on the next import
 * (SQL cannot hash). Duplicates they already hold are removed here: a row goes when an earlier file (by import time,
 * then file order) held at least as many rows of the same id and the same content, byte for byte (the stored body
 * without where it was read: file, line, format, span ids). A file's own repeats are kept, and a trace whose content
 * differs in anything, reward included, is distinct and stays. Each import that lost rows says so in its warnings,
 * and its `n_rows` is the count left.
 */
export const traceIdentity: Migration = {
  version: 11,
  name: 'trace-identity',
  sql: `
    ALTER TABLE trace_rows ADD COLUMN trace_key TEXT;
    ALTER TABLE trace_rows ADD COLUMN content_hash TEXT;
    UPDATE trace_rows SET trace_key = CASE
      WHEN format = 'jsonl' AND conversation_id = source_file || ':' || coalesce(json_extract(body, '$.source.line'), '') THEN NULL
      ELSE conversation_id END;

    CREATE TEMP TABLE trace_duplicates AS
    WITH keyed AS (
      SELECT r.id, r.import_id, r.source_file, r.ordinal, i.created_at,
             CASE WHEN r.trace_key IS NULL THEN json_remove(r.body, '$.source', '$.conversation_id') ELSE json_remove(r.body, '$.source')
               END AS content
      FROM trace_rows r JOIN trace_imports i ON i.id = r.import_id
    ),
    numbered AS (
      SELECT id, import_id, source_file, created_at, content,
             row_number() OVER (PARTITION BY content, import_id, source_file ORDER BY ordinal) AS copy,
             min(ordinal) OVER (PARTITION BY import_id, source_file) AS file_order
      FROM keyed
    ),
    files AS (
      SELECT content, import_id, source_file, created_at, file_order, max(copy) AS copies
      FROM numbered GROUP BY content, import_id, source_file
    ),
    earlier AS (
      SELECT content, import_id, source_file,
             max(copies) OVER (PARTITION BY content ORDER BY created_at, import_id, file_order ROWS BETWEEN UNBOUNDED PRECEDING AND 1
               PRECEDING) AS held
      FROM files
    )
    SELECT n.id, n.import_id FROM numbered n JOIN earlier e USING (content, import_id, source_file) WHERE n.copy <= coalesce(e.held, 0);

    UPDATE trace_imports SET
      warnings = json_insert(warnings, '$[#]',
        CASE WHEN removed.n = trace_imports.n_rows AND removed.n = 1
          THEN 'The one trace of this import repeats a trace imported before it (same id and content): it was removed when the store ' ||
            'was updated, so nothing is counted twice. Remove this import: it adds nothing.'
          WHEN removed.n = trace_imports.n_rows
          THEN 'All ' || removed.n || ' traces of this import repeat traces imported before it (same id and content): they were removed ' ||
            'when the store was updated, so nothing is counted twice. Remove this import: it adds nothing.'
          ELSE removed.n || CASE WHEN removed.n = 1 THEN ' trace' ELSE ' traces' END || ' of this import repeated traces imported ' ||
            'before it (same id and content) and were removed when the store was updated, so nothing is counted twice; every distinct ' ||
              'trace was kept.'
        END),
      n_rows = trace_imports.n_rows - removed.n
    FROM (SELECT import_id, count(*) AS n FROM trace_duplicates GROUP BY import_id) AS removed
    WHERE removed.import_id = trace_imports.id;
    DELETE FROM trace_rows WHERE id IN (SELECT id FROM trace_duplicates);
    DROP TABLE trace_duplicates;

    CREATE INDEX trace_rows_content ON trace_rows(content_hash, import_id);
    CREATE INDEX trace_rows_key ON trace_rows(trace_key, content_hash);
  `,
};
