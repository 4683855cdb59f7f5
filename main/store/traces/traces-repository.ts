import { z } from 'zod';
import type { TraceImport, TraceSummary } from '../../../shared/api/traces';
import { Dimensions, type AxisValues } from '../../../shared/domain';
import {
  traceIdentity,
  type MapTrace,
  type TraceAim,
  type TraceFormat,
  type TraceIdentity,
  type TracePlacement,
  type TraceRow,
} from '../../../engine/index';
import { statement, type Db } from '../database';
import { parseJsonColumn } from '../json-column';

const stringList = z.array(z.string());
const ImportFiles = z.array(
  z.object({
    file: z.string(),
    format: z.enum(['otlp_genai', 'otlp_openinference', 'jsonl']),
    rows: z.number().int(),
    /** Absent on imports stored before duplicates were skipped. */
    already_imported: z.number().int().optional(),
  }),
);

interface ImportRecord {
  id: string;
  name: string;
  created_at: string;
  n_rows: number;
  files: string;
  model_versions: string;
  warnings: string;
}

function toImport(record: ImportRecord): TraceImport {
  return {
    id: record.id,
    name: record.name,
    created_at: record.created_at,
    n_rows: record.n_rows,
    files: parseJsonColumn(ImportFiles, record.files, 'trace_imports.files'),
    model_versions: parseJsonColumn(stringList, record.model_versions, 'trace_imports.model_versions'),
    warnings: parseJsonColumn(stringList, record.warnings, 'trace_imports.warnings'),
  };
}

export interface NewTraceImport {
  id: string;
  name: string;
  created_at: string;
  /** `rows`: traces read from the file; `already_imported`: of those, how many were stored already and skipped. */
  files: { file: string; format: TraceFormat; rows: number; already_imported?: number }[];
  model_versions: string[];
  warnings: string[];
  /** The traces to store (the new ones); `identity` from traceIdentity, computed when absent. */
  rows: { row: TraceRow; placement: TracePlacement; identity?: TraceIdentity }[];
}

/** Writes an import and all its rows in one transaction: a failure leaves nothing behind. */
export function insertTraceImport(db: Db, entry: NewTraceImport): void {
  const insertRow = statement(
    db,
    `INSERT INTO trace_rows (id, import_id, ordinal, conversation_id, source_file, format, model_version, reward, started_at_ms,
                             tool, rule, stance, world_state, tool_condition, history, faults, body, trace_key, content_hash)
     VALUES (@id, @import_id, @ordinal, @conversation_id, @source_file, @format, @model_version, @reward, @started_at_ms,
             @tool, @rule, @stance, @world_state, @tool_condition, @history, @faults, @body, @trace_key, @content_hash)`,
  );
  db.transaction(() => {
    statement(
      db,
      `INSERT INTO trace_imports (id, name, created_at, n_rows, files, model_versions, warnings)
       VALUES (@id, @name, @created_at, @n_rows, @files, @model_versions, @warnings)`,
    ).run({
      id: entry.id,
      name: entry.name,
      created_at: entry.created_at,
      n_rows: entry.rows.length,
      files: JSON.stringify(entry.files),
      model_versions: JSON.stringify(entry.model_versions),
      warnings: JSON.stringify(entry.warnings),
    });
    entry.rows.forEach(({ row, placement, identity }, ordinal) => {
      insertRow.run({
        id: `${entry.id}:${ordinal}`,
        import_id: entry.id,
        ordinal,
        conversation_id: row.conversation_id,
        source_file: row.source.file,
        format: row.source.format,
        model_version: row.model_version,
        reward: row.reward,
        started_at_ms: row.started_at_ms,
        ...placement.dimensions,
        faults: JSON.stringify(placement.faults),
        body: JSON.stringify(row),
        ...(identity ?? traceIdentity(row)),
      });
    });
  })();
}

export function listTraceImports(db: Db): TraceImport[] {
  return statement<[], ImportRecord>(db, 'SELECT * FROM trace_imports ORDER BY created_at DESC, id DESC').all().map(toImport);
}

export function deleteTraceImport(db: Db, importId: string): boolean {
  return statement(db, 'DELETE FROM trace_imports WHERE id = ?').run(importId).changes === 1;
}

/** Import ids among `ids` that do not exist. */
export function missingImportIds(db: Db, ids: readonly string[]): string[] {
  const exists = statement<[string], { one: number }>(db, 'SELECT 1 AS one FROM trace_imports WHERE id = ?');
  return ids.filter((id) => exists.get(id) === undefined);
}

/** The axis columns (Dimensions) with what the failure map reads besides. */
interface MapRecord extends Dimensions {
  faults: string;
  reward: number | null;
  model_version: string | null;
  started_at_ms: number | null;
}

/** `import_id IN (...)` as one prepared statement: the ids travel as a JSON list. */
const IN_IMPORTS = 'import_id IN (SELECT value FROM json_each(@import_ids))';

/** What the failure map reads of each trace (never the bodies), in import then file order. */
export function mapTraces(db: Db, importIds: readonly string[] | null): MapTrace[] {
  const columns = 'tool, rule, stance, world_state, tool_condition, history, faults, reward, model_version, started_at_ms';
  const records =
    importIds === null
      ? statement<[], MapRecord>(db, `SELECT ${columns} FROM trace_rows ORDER BY import_id, ordinal`).all()
      : statement<[{ import_ids: string }], MapRecord>(
          db,
          `SELECT ${columns} FROM trace_rows WHERE ${IN_IMPORTS} ORDER BY import_id, ordinal`,
        ).all({
          import_ids: JSON.stringify(importIds),
        });
  return records.map((record) => ({
    dimensions: {
      tool: record.tool,
      rule: record.rule,
      stance: record.stance,
      world_state: record.world_state,
      tool_condition: record.tool_condition,
      history: record.history,
    },
    faults: parseJsonColumn(stringList, record.faults, 'trace_rows.faults'),
    reward: record.reward,
    model_version: record.model_version,
    started_at_ms: record.started_at_ms,
  }));
}

interface SummaryRecord extends MapRecord {
  id: string;
  import_id: string;
  conversation_id: string;
  source_file: string;
  body: string;
}

const TraceBody = z.object({
  prompt: z.string(),
  final_text: z.string(),
  steps: z.array(z.record(z.string(), z.unknown())),
});

function toSummary(record: SummaryRecord): TraceSummary {
  const body = parseJsonColumn(TraceBody, record.body, 'trace_rows.body');
  const tools = [...new Set(body.steps.flatMap((step) => (typeof step.tool === 'string' ? [step.tool] : [])))];
  return {
    id: record.id,
    import_id: record.import_id,
    conversation_id: record.conversation_id,
    source_file: record.source_file,
    prompt: body.prompt,
    final_text: body.final_text,
    reward: record.reward,
    model_version: record.model_version,
    started_at: record.started_at_ms === null ? null : new Date(record.started_at_ms).toISOString(),
    dimensions: Dimensions.parse(record),
    tools,
    faults: parseJsonColumn(stringList, record.faults, 'trace_rows.faults'),
    n_steps: body.steps.length,
  };
}

export interface TraceRowsQuery {
  import_ids: readonly string[] | null;
  cell: { tool: string; tool_condition: string; world_state: string } | null;
  limit: number;
  offset: number;
}

/** A page of traces, optionally in one failure-map cell (read through index trace_rows_cell). */
export function pageTraceRows(db: Db, query: TraceRowsQuery): { rows: TraceSummary[]; total: number } {
  const where = [
    ...(query.cell ? ['tool = @tool AND tool_condition = @tool_condition AND world_state = @world_state'] : []),
    ...(query.import_ids ? [IN_IMPORTS] : []),
  ];
  const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const parameters = { ...(query.cell ?? {}), ...(query.import_ids ? { import_ids: JSON.stringify(query.import_ids) } : {}) };
  const total = statement<[Record<string, unknown>], { n: number }>(db, `SELECT COUNT(*) AS n FROM trace_rows ${clause}`).get(
    parameters,
  )!.n;
  const rows = statement<[Record<string, unknown>], SummaryRecord>(
    db,
    `SELECT * FROM trace_rows ${clause} ORDER BY (reward IS NULL), reward, import_id, ordinal LIMIT @limit OFFSET @offset`,
  )
    .all({ ...parameters, limit: query.limit, offset: query.offset })
    .map(toSummary);
  return { rows, total };
}

const TraceRowBody = z.object({ prompt: z.string(), steps: z.array(z.record(z.string(), z.unknown())) });

/** The stored bodies of the traces of `importIds` (every import when null), in import then file order. */
function traceBodies(db: Db, importIds: readonly string[] | null): { body: string }[] {
  return importIds === null
    ? statement<[], { body: string }>(db, 'SELECT body FROM trace_rows ORDER BY import_id, ordinal').all()
    : statement<[{ import_ids: string }], { body: string }>(
        db,
        `SELECT body FROM trace_rows WHERE ${IN_IMPORTS} ORDER BY import_id, ordinal`,
      ).all({ import_ids: JSON.stringify(importIds) });
}

/** Every person's words in the traces (prompts and later user turns): what generated asks must not copy. */
export function traceSourceTexts(db: Db, importIds: readonly string[] | null): string[] {
  return traceBodies(db, importIds).flatMap((record) => {
    const body = parseJsonColumn(TraceRowBody, record.body, 'trace_rows.body');
    return [body.prompt, ...body.steps.flatMap((step) => (typeof step.user === 'string' ? [step.user] : []))];
  });
}

/** Full trace rows, for a spec read off them. */
export function traceRows(db: Db, importIds: readonly string[] | null): TraceRow[] {
  return traceBodies(db, importIds).map((record) => JSON.parse(record.body) as TraceRow);
}

const StoredAim = z.object({
  axes: z.record(z.string(), z.array(z.string())),
  regions: z.array(
    z.object({
      key: z.string(),
      tool: z.string(),
      tool_condition: z.string(),
      world_state: z.string(),
      status: z.string(),
      priority: z.number(),
      share: z.number(),
    }),
  ),
  steering_weight: z.number(),
  sources: z.array(z.string()),
  leak_threshold: z.number(),
});

export function insertTraceAim(db: Db, runId: string, importIds: readonly string[], aim: TraceAim, now: string): void {
  statement(db, 'INSERT INTO trace_aims (run_id, import_ids, aim, created_at) VALUES (?, ?, ?, ?)').run(
    runId,
    JSON.stringify(importIds),
    JSON.stringify(aim),
    now,
  );
}

/** The aim a run was started with, or undefined for a run not aimed at traces. */
export function getTraceAim(db: Db, runId: string): TraceAim | undefined {
  const record = statement<[string], { aim: string }>(db, 'SELECT aim FROM trace_aims WHERE run_id = ?').get(runId);
  if (!record) return undefined;
  const stored = parseJsonColumn(StoredAim, record.aim, 'trace_aims.aim');
  return { ...stored, axes: stored.axes as AxisValues, regions: stored.regions as TraceAim['regions'] };
}
