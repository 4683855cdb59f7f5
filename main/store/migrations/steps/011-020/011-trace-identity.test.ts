import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { parseTraceFile, placeTrace, traceIdentity, type TraceRow } from '../../../../../engine/index';
import { migrate, schemaVersion } from '../../../migrate';
import { backfillTraceIdentity, storedTraceIdentities } from '../../../traces/trace-identity-repository';
import { listTraceImports, mapTraces } from '../../../traces/traces-repository';
import { traceIdentity as migration } from './011-trace-identity';
import { MIGRATIONS } from '../../index';

const jsonl = (lines: object[]) => lines.map((line) => JSON.stringify(line)).join('\n');
const line = (id: string | undefined, reward: number, prompt = `Cancel order ${id ?? 'A1'}`) => ({
  ...(id === undefined ? {} : { id }),
  prompt,
  steps: [{ tool: 'cancel_order', input: { order_id: 'A1' }, output: { status: 'timeout' } }],
  final_text: 'Done.',
  reward,
  model_version: 'v1',
});

/** An import as the build before 011 wrote it: no identity columns, every row stored. */
function storeOldImport(db: Database.Database, id: string, createdAt: string, files: { name: string; lines: object[] }[]): void {
  const rows: TraceRow[] = files.flatMap((file) =>
    parseTraceFile(file.name, jsonl(file.lines)).rows.map((row) => ({ ...row, source: { ...row.source, trace_id: undefined } })),
  );
  db.prepare('INSERT INTO trace_imports (id, name, created_at, n_rows, files, model_versions, warnings) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
    id,
    files[0]!.name,
    createdAt,
    rows.length,
    JSON.stringify(files.map((file) => ({ file: file.name, format: 'jsonl', rows: file.lines.length }))),
    '["v1"]',
    '[]',
  );
  const insert = db.prepare(
    `INSERT INTO trace_rows (id, import_id, ordinal, conversation_id, source_file, format, model_version, reward, started_at_ms, tool,
      rule, stance, world_state, tool_condition, history, faults, body)
     VALUES (@id, @import_id, @ordinal, @conversation_id, @source_file, @format, @model_version, @reward, @started_at_ms, @tool, @rule,
       @stance, @world_state, @tool_condition, @history, @faults, @body)`,
  );
  rows.forEach((row, ordinal) => {
    const placement = placeTrace(row);
    insert.run({
      id: `${id}:${ordinal}`,
      import_id: id,
      ordinal,
      conversation_id: row.conversation_id,
      source_file: row.source.file,
      format: 'jsonl',
      model_version: row.model_version,
      reward: row.reward,
      started_at_ms: row.started_at_ms,
      ...placement.dimensions,
      faults: JSON.stringify(placement.faults),
      body: JSON.stringify(row),
    });
  });
}

const distinctContents = (db: Database.Database) =>
  (
    db
      .prepare(
        "SELECT DISTINCT CASE WHEN conversation_id LIKE '%.jsonl:%' THEN json_remove(body, '$.source', '$.conversation_id') ELSE " +
          "json_remove(body, '$.source') END AS c FROM trace_rows ORDER BY c",
      )
      .all() as { c: string }[]
  ).map((record) => record.c);

const plan = (db: Database.Database, sql: string, ...parameters: unknown[]) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...parameters) as { detail: string }[]).map((step) => step.detail).join(' | ');

describe('migration 011 (trace-identity)', () => {
  it('is registered as version 11, after 010', () => {
    expect(MIGRATIONS[10]).toBe(migration);
    expect(MIGRATIONS[9]?.version).toBe(10);
  });

  it('removes traces that repeat an earlier import, keeps every distinct trace, and says so on the import', () => {
    const db = new Database(':memory:');
    migrate(db, ':memory:', MIGRATIONS.slice(0, 10));
    const monday = [line('t-1', 1), line('t-2', 0), line(undefined, 1, 'Where is my order?'), line(undefined, 1, 'Where is my order?')];
    storeOldImport(db, 'import_a', '2026-11-01T00:00:00.000Z', [{ name: 'mon.jsonl', lines: monday }]);
    // The same file again: every trace repeats import_a.
    storeOldImport(db, 'import_b', '2026-11-02T00:00:00.000Z', [{ name: 'mon.jsonl', lines: monday }]);
    // An overlapping export: t-1 again (another file name), t-2 re-graded (distinct), t-3 new, one of the two id-less repeats.
    storeOldImport(db, 'import_c', '2026-11-03T00:00:00.000Z', [
      { name: 'tue.jsonl', lines: [line('t-1', 1), line('t-2', 1), line('t-3', 0), line(undefined, 1, 'Where is my order?')] },
    ]);
    const before = distinctContents(db);
    expect(mapTraces(db, null)).toHaveLength(12);

    migrate(db, ':memory:');
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(distinctContents(db)).toEqual(before);
    const imports = Object.fromEntries(listTraceImports(db).map((entry) => [entry.id, entry]));
    expect(imports.import_a).toMatchObject({ n_rows: 4, warnings: [] });
    expect(imports.import_b?.n_rows).toBe(0);
    expect(imports.import_b?.warnings).toEqual([
      'All 4 traces of this import repeat traces imported before it (same id and content): they were removed when the store was ' +
        'updated, so nothing is counted twice. Remove this import: it adds nothing.',
    ]);
    expect(imports.import_c?.n_rows).toBe(2);
    expect(imports.import_c?.warnings[0]).toMatch(
      /^2 traces of this import repeated traces imported before it .* every distinct trace was kept\.$/,
    );
    const left = db.prepare('SELECT import_id, conversation_id, reward, trace_key FROM trace_rows ORDER BY import_id, ordinal').all();
    expect(left).toEqual([
      { import_id: 'import_a', conversation_id: 't-1', reward: 1, trace_key: 't-1' },
      { import_id: 'import_a', conversation_id: 't-2', reward: 0, trace_key: 't-2' },
      { import_id: 'import_a', conversation_id: 'mon.jsonl:3', reward: 1, trace_key: null },
      { import_id: 'import_a', conversation_id: 'mon.jsonl:4', reward: 1, trace_key: null },
      { import_id: 'import_c', conversation_id: 't-2', reward: 1, trace_key: 't-2' },
      { import_id: 'import_c', conversation_id: 't-3', reward: 0, trace_key: 't-3' },
    ]);
  });

  it('hashes stored rows as a new import would, and reads identities through their indexes', () => {
    const db = new Database(':memory:');
    migrate(db, ':memory:', MIGRATIONS.slice(0, 10));
    const lines = [line('t-1', 1), line(undefined, 0)];
    storeOldImport(db, 'import_a', '2026-11-01T00:00:00.000Z', [{ name: 'mon.jsonl', lines }]);
    migrate(db, ':memory:');
    expect(backfillTraceIdentity(db)).toBe(2);
    expect(backfillTraceIdentity(db)).toBe(0);
    const fresh = parseTraceFile('other name.jsonl', jsonl(lines)).rows.map(traceIdentity);
    const stored = storedTraceIdentities(db);
    expect(fresh.map((identity) => stored.copies(identity.content_hash))).toEqual([1, 1]);
    expect(stored.keyHasOtherContent('t-1', fresh[0]!.content_hash)).toBe(false);
    expect(stored.keyHasOtherContent('t-1', 'another hash')).toBe(true);
    expect(plan(db, 'SELECT COUNT(*) AS n FROM trace_rows WHERE content_hash = ?', 'x')).toContain(
      'COVERING INDEX trace_rows_content (content_hash=?)',
    );
    expect(plan(db, 'SELECT 1 AS one FROM trace_rows WHERE trace_key = ? AND content_hash <> ? LIMIT 1', 'k', 'x')).toContain(
      'COVERING INDEX trace_rows_key (trace_key=?',
    );
  });
});
