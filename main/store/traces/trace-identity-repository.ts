import { z } from 'zod';
import { traceIdentity, type DedupeStore, type TraceRow } from '../../../engine/index';
import { statement, type Db } from '../database';
import { parseJsonColumn } from '../json-column';

const StoredBody = z.object({
  conversation_id: z.string(),
  prompt: z.string(),
  steps: z.array(z.unknown()),
  final_text: z.string(),
  reward: z.number().nullable(),
  model_version: z.string().nullable(),
  started_at_ms: z.number().nullable(),
  usage: z.object({ input_tokens: z.number(), output_tokens: z.number() }).nullable(),
  source: z.object({
    file: z.string(),
    format: z.enum(['otlp_genai', 'otlp_openinference', 'jsonl']),
    line: z.number().nullable(),
    span_ids: z.array(z.string()),
    trace_id: z.string().nullable().optional(),
  }),
});

/**
 * Hashes the content of rows stored before migration 011 (SQL cannot hash), so an import compares against every
 * stored trace. Runs inside the importing transaction; a no-op once every row has its hash.
 */
export function backfillTraceIdentity(db: Db): number {
  const pending = statement<[], { id: string; body: string }>(db, 'SELECT id, body FROM trace_rows WHERE content_hash IS NULL').all();
  const update = statement(db, 'UPDATE trace_rows SET trace_key = @trace_key, content_hash = @content_hash WHERE id = @id');
  for (const record of pending) {
    const row = parseJsonColumn(StoredBody, record.body, 'trace_rows.body') as TraceRow;
    update.run({ id: record.id, ...traceIdentity(row) });
  }
  return pending.length;
}

/** The stored side of dedupeTraces, read through the indexes trace_rows_content and trace_rows_key. */
export function storedTraceIdentities(db: Db): DedupeStore {
  const copies = statement<[string], { n: number }>(db, 'SELECT COUNT(*) AS n FROM trace_rows WHERE content_hash = ?');
  const other = statement<[string, string], { one: number }>(
    db,
    'SELECT 1 AS one FROM trace_rows WHERE trace_key = ? AND content_hash <> ? LIMIT 1',
  );
  return {
    copies: (contentHash) => copies.get(contentHash)!.n,
    keyHasOtherContent: (traceKey, contentHash) => other.get(traceKey, contentHash) !== undefined,
  };
}

export interface HoldingImport {
  import_id: string;
  name: string;
  /** Of the hashes asked about, how many this import holds. */
  n: number;
}

/** The imports holding these contents (or traces of these keys), most first, then newest. */
export function importsHolding(db: Db, by: { content_hashes?: readonly string[]; trace_keys?: readonly string[] }): HoldingImport[] {
  const column = by.content_hashes ? 'content_hash' : 'trace_key';
  const values = by.content_hashes ?? by.trace_keys ?? [];
  if (values.length === 0) return [];
  return statement<[{ values: string }], HoldingImport>(
    db,
    `SELECT r.import_id, i.name, COUNT(DISTINCT r.${column}) AS n
     FROM trace_rows r JOIN trace_imports i ON i.id = r.import_id
     WHERE r.${column} IN (SELECT value FROM json_each(@values))
     GROUP BY r.import_id ORDER BY n DESC, i.created_at DESC, r.import_id DESC`,
  ).all({ values: JSON.stringify(values) });
}
