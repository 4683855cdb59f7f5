import type { ExportSelection } from '../../shared/api/exports';
import { AXES, LabelKind, LabelValue } from '../../shared/domain';
import type { ExportInput } from '../../engine/index';
import { statement, type Db } from '../store/database';
import { readRowBody } from './export-row-body';

/**
 * Rows fetched per query: small enough that a page never holds the connection for long and that its bodies die young
 * (pages of 500 outlived the young generation: 100,000 rows peaked at 366 MB, against about 220 MB with 200), large
 * enough to be cheap.
 */
const PAGE_ROWS = 200;

/** The latest grade and latest label of each row, joined in SQL (the `grades_row` and `labels_row` indexes serve both). */
const JOINS = `
  LEFT JOIN grades g ON g.id = (SELECT MAX(id) FROM grades WHERE grades.row_id = r.id)
  LEFT JOIN labels l ON l.id = (SELECT MAX(id) FROM labels WHERE labels.row_id = r.id)`;

export type RowOrder = 'ordinal' | 'scenario';

interface Where {
  sql: string;
  params: Record<string, unknown>;
}

/** The selection as a WHERE clause over `rows r`, `grades g` (latest grade) and `labels l` (latest label). */
export function selectionWhere(selection: ExportSelection): Where {
  const clauses = ['r.run_id = @run_id'];
  const params: Record<string, unknown> = { run_id: selection.run_id };
  const anyOf = (column: string, name: string, values: readonly string[] | undefined) => {
    if (!values) return;
    params[name] = JSON.stringify(values);
    clauses.push(`${column} IN (SELECT value FROM json_each(@${name}))`);
  };
  const filter = selection.filter ?? {};
  for (const axis of AXES) anyOf(`r.${axis}`, `axis_${axis}`, filter[axis]);
  anyOf('r.writer', 'writer', filter.writer);
  anyOf('g.label_source', 'label_source', filter.label_source);
  anyOf('g.judge_name', 'judge_name', filter.judge_name);
  anyOf('l.label', 'label', filter.label);
  if (filter.verdict) {
    const verdicts = filter.verdict.map((verdict) => {
      switch (verdict) {
        case 'pass':
          return 'g.reward >= 0.5';
        case 'fail':
          return 'g.reward < 0.5';
        case 'ungraded':
          return 'g.reward IS NULL';
        default: {
          const unknown: never = verdict;
          throw new Error(`unknown verdict ${String(unknown)}`);
        }
      }
    });
    clauses.push(`(${verdicts.join(' OR ')})`);
  }
  if (selection.passes_only) clauses.push('g.reward = 1');
  for (const axis of AXES) {
    const value = selection.cell?.[axis];
    if (value === undefined) continue;
    params[`cell_${axis}`] = value;
    clauses.push(`r.${axis} = @cell_${axis}`);
  }
  if (selection.row_ids) {
    params.row_ids = JSON.stringify(selection.row_ids);
    clauses.push('(r.id IN (SELECT value FROM json_each(@row_ids)) OR r.rollout_id IN (SELECT value FROM json_each(@row_ids)))');
  }
  return { sql: clauses.join(' AND '), params };
}

/**
 * Whether some person currently marks the row `simulator_error` (each author's latest label counts, and any
 * unauthored one): the rule the scores use, so a row left out of the scores is left out of training too.
 */
const SIMULATOR_ERROR = `EXISTS (SELECT 1 FROM labels se WHERE se.row_id = r.id AND se.label = 'simulator_error'
    AND (se.author IS NULL OR se.id = (SELECT MAX(l2.id) FROM labels l2 WHERE l2.row_id = se.row_id AND l2.author = se.author)))`;

export interface SelectedRow {
  id: string;
  scenario_id: string;
  /** 1 when the row is a simulator error (see SIMULATOR_ERROR): never trained on. */
  simulator_error: number;
  /** The ask, read only when asked for (decontamination): taken from the body in SQL, without parsing it here. */
  prompt?: string | null;
}

/** The selected rows' store ids and scenarios, in plan order or grouped by scenario (plan order within one). */
export function selectedRows(db: Db, selection: ExportSelection, order: RowOrder, withPrompt = false): SelectedRow[] {
  const where = selectionWhere(selection);
  const orderBy = order === 'ordinal' ? 'r.ordinal' : 'r.scenario_id, r.ordinal';
  const prompt = withPrompt ? ", json_extract(r.body, '$.prompt') AS prompt" : '';
  // `r.ordinal >= 0` holds for every row; it lets the planner use rows_export (migration 008), which covers the list.
  return statement<[Record<string, unknown>], SelectedRow>(
    db,
    `SELECT r.id AS id, r.scenario_id AS scenario_id, ${SIMULATOR_ERROR} AS simulator_error${prompt}
     FROM rows r ${JOINS} WHERE ${where.sql} AND r.ordinal >= 0 ORDER BY ${orderBy}`,
  ).all(where.params);
}

interface JoinedRecord {
  id: string;
  body: string;
  reward: number | null;
  reason: string | null;
  label_source: ExportInput['label_source'] | null;
  judge_name: string | null;
  judge_status: ExportInput['judge_status'] | null;
  failure_class: string | null;
  label: string | null;
  label_kind: string | null;
}

const PAGE_SQL = `SELECT r.id AS id, r.body AS body, g.reward AS reward, g.reason AS reason, g.label_source AS label_source,
    g.judge_name AS judge_name, g.judge_status AS judge_status, g.failure_class AS failure_class, l.label AS label, l.kind AS label_kind
  FROM rows r ${JOINS} WHERE r.id IN (SELECT value FROM json_each(?))`;

const GOLD_REWARD: Partial<Record<LabelValue, number>> = { pass: 1, fail: 0 };

function toInput(record: JoinedRecord): ExportInput {
  const input: ExportInput = { row: readRowBody(record.id, record.body), reward: record.reward };
  if (record.reason !== null) input.reason = record.reason;
  if (record.label_source !== null) input.label_source = record.label_source;
  if (record.judge_name !== null) input.judge_name = record.judge_name;
  if (record.judge_status !== null) input.judge_status = record.judge_status;
  if (record.failure_class !== null) input.failure_class = record.failure_class;
  if (record.label !== null && record.label_kind !== null) {
    const label = LabelValue.parse(record.label);
    input.gold = { reward: GOLD_REWARD[label] ?? null, kind: LabelKind.parse(record.label_kind), label };
  }
  return input;
}

/**
 * The rows with the given store ids, in that order, read a page at a time: a synchronous query per page, so no
 * statement stays open across the awaits of a long export (other requests share the connection). A plain generator:
 * the reads are synchronous, and an exporter then takes each row without a turn of the promise queue.
 */
export function* readRows(db: Db, ids: readonly string[], signal?: AbortSignal): Generator<ExportInput> {
  const page = statement<[string], JoinedRecord>(db, PAGE_SQL);
  for (let start = 0; start < ids.length; start += PAGE_ROWS) {
    signal?.throwIfAborted();
    const slice = ids.slice(start, start + PAGE_ROWS);
    const byId = new Map(page.all(JSON.stringify(slice)).map((record) => [record.id, record]));
    for (const id of slice) {
      const record = byId.get(id);
      if (record) yield toInput(record);
    }
  }
}

/** Prompts and scenario ids of a run's rows, without parsing the bodies (for decontamination against other runs). */
export function runPrompts(db: Db, runId: string): { scenario_id: string; prompt: string }[] {
  return statement<[string], { scenario_id: string; prompt: string | null }>(
    db,
    "SELECT scenario_id, json_extract(body, '$.prompt') AS prompt FROM rows WHERE run_id = ? ORDER BY ordinal",
  )
    .all(runId)
    .flatMap((record) => (typeof record.prompt === 'string' ? [{ scenario_id: record.scenario_id, prompt: record.prompt }] : []));
}
