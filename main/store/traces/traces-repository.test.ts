import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTraceFile, placeTrace } from '../../../engine/index';
import { openDatabase, type Db } from '../database';
import { migrate, schemaVersion } from '../migrate';
import { MIGRATIONS } from '../migrations';
import { traces } from '../migrations/steps/001-010/005-traces';
import { deleteTraceImport, insertTraceImport, listTraceImports, mapTraces, pageTraceRows, traceSourceTexts } from './traces-repository';

const fixture = (name: string) => readFileSync(new URL(`../../../engine/traces/__fixtures__/${name}`, import.meta.url), 'utf8');

function store(): Db {
  const db = openDatabase(':memory:');
  const file = parseTraceFile('genai.json', fixture('otlp-genai.json'));
  const other = parseTraceFile('traces.jsonl', fixture('traces.jsonl'));
  const rows = [...file.rows, ...other.rows].map((row) => ({ row, placement: placeTrace(row) }));
  insertTraceImport(db, {
    id: 'imp_a',
    name: 'genai.json and 1 more',
    created_at: '2026-11-30T00:00:00.000Z',
    files: [
      { file: 'genai.json', format: file.format, rows: file.rows.length },
      { file: 'traces.jsonl', format: other.format, rows: other.rows.length },
    ],
    model_versions: ['support-v1', 'support-v2'],
    warnings: [],
    rows,
  });
  return db;
}

const plan = (db: Db, sql: string, parameters: Record<string, unknown>) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(parameters) as { detail: string }[]).map((step) => step.detail).join(' | ');

describe('migration 005 traces', () => {
  it('creates strict trace tables with the six axes as columns', () => {
    const db = new Database(':memory:');
    // Until 005 is in the build's list, it runs after whatever is there.
    const migrations = MIGRATIONS.some((migration) => migration.name === traces.name)
      ? MIGRATIONS
      : [...MIGRATIONS, { ...traces, version: MIGRATIONS.length + 1 }];
    migrate(db, ':memory:', migrations);
    expect(schemaVersion(db)).toBe(migrations.length);
    const tables = db.prepare('PRAGMA table_list').all() as { name: string; strict: number }[];
    for (const name of ['trace_imports', 'trace_rows', 'trace_aims'])
      expect(tables.find((table) => table.name === name)?.strict, name).toBe(1);
    const columns = (db.prepare('PRAGMA table_info(trace_rows)').all() as { name: string }[]).map((column) => column.name);
    expect(columns).toEqual(
      expect.arrayContaining(['tool', 'rule', 'stance', 'world_state', 'tool_condition', 'history', 'model_version', 'reward', 'faults']),
    );
  });

  it('refuses a reward outside [0, 1] and cascades an import delete to its rows', () => {
    const db = store();
    expect(() => db.prepare(`UPDATE trace_rows SET reward = 1.5 WHERE id = 'imp_a:0'`).run()).toThrow(/CHECK constraint/);
    expect(deleteTraceImport(db, 'imp_a')).toBe(true);
    expect((db.prepare('SELECT COUNT(*) AS n FROM trace_rows').get() as { n: number }).n).toBe(0);
  });
});

describe('traces repository', () => {
  it('stores an import and its placed rows, and reads back what the map needs', () => {
    const db = store();
    expect(listTraceImports(db)).toEqual([
      {
        id: 'imp_a',
        name: 'genai.json and 1 more',
        created_at: '2026-11-30T00:00:00.000Z',
        n_rows: 5,
        files: [
          { file: 'genai.json', format: 'otlp_genai', rows: 2 },
          { file: 'traces.jsonl', format: 'jsonl', rows: 3 },
        ],
        model_versions: ['support-v1', 'support-v2'],
        warnings: [],
      },
    ]);
    const traces = mapTraces(db, ['imp_a']);
    expect(traces).toHaveLength(5);
    expect(traces[0]).toEqual({
      dimensions: {
        tool: 'get_order',
        rule: 'unspecified',
        stance: 'ordinary',
        world_state: 'entity exists',
        tool_condition: 'timeout',
        history: 'fresh',
      },
      faults: ['timeout'],
      reward: 0,
      model_version: 'support-v1',
      started_at_ms: 1767225600000,
    });
    expect(mapTraces(db, null)).toEqual(traces);
    expect(traceSourceTexts(db, null)).toContain('Where is my order A1001? It was due Monday.');
  });

  it('pages the traces of one cell, failures first', () => {
    const db = store();
    const cell = { tool: 'cancel_order', tool_condition: 'success', world_state: 'entity missing' };
    const page = pageTraceRows(db, { import_ids: ['imp_a'], cell, limit: 10, offset: 0 });
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      conversation_id: 'j-1',
      reward: 0,
      tools: ['cancel_order'],
      prompt: 'Cancel order A1004 please',
      n_steps: 1,
    });
  });

  it('reads a cell through index trace_rows_cell and an import through its own index', () => {
    const db = store();
    const cellPlan = plan(
      db,
      `SELECT * FROM trace_rows WHERE tool = @tool AND tool_condition = @tool_condition AND world_state = @world_state AND import_id IN ` +
        `(SELECT value FROM json_each(@import_ids))`,
      { tool: 'a', tool_condition: 'b', world_state: 'c', import_ids: '["imp_a"]' },
    );
    expect(cellPlan).toContain('USING INDEX trace_rows_cell');
    const importPlan = plan(
      db,
      'SELECT tool FROM trace_rows WHERE import_id IN (SELECT value FROM json_each(@import_ids)) ORDER BY import_id, ordinal',
      {
        import_ids: '["imp_a"]',
      },
    );
    expect(importPlan).toMatch(/SEARCH trace_rows USING INDEX sqlite_autoindex_trace_rows_\d \(import_id=\?\)/);
  });
});
