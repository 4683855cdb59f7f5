import type { ExportSelection } from '../../../shared/api/exports';
import { AXES, failSql, fullPassSql, passSql } from '../../../shared/domain';
import type { ExportInput } from '../../../engine/index';
import { statement, type Db } from '../database';

/** The latest grade and latest label of each row, joined in SQL (the `grades_row` and `labels_row` indexes serve both). */
const JOINS = `
  LEFT JOIN grades g ON g.id = (SELECT MAX(id) FROM grades WHERE grades.row_id = r.id)
  LEFT JOIN labels l ON l.id = (SELECT MAX(id) FROM labels WHERE labels.row_id = r.id)`;

export type RowOrder = 'ordinal' | 'scenario';

interface Where {
  sql: string;
  params: Record<string, unknown>;
  /** Whether the clause reads the latest grade or label (`g.`, `l.`): a query over rows alone skips their joins. */
  isGraded: boolean;
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
          return passSql('g.reward');
        case 'fail':
          return failSql('g.reward');
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
  if (selection.passes_only) clauses.push(fullPassSql('g.reward'));
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
  const isGraded = clauses.some((clause) => /\b[gl]\./.test(clause));
  return { sql: clauses.join(' AND '), params, isGraded };
}

/**
 * The run's rows some person currently marks `simulator_error` (each author's latest label counts, and any unauthored
 * one): the rule the scores use, so a row left out of the scores is left out of training too. Read once from the run's
 * labels (labels_run), where a test of each selected row cost a quarter of the list's query.
 */
const SIMULATOR_ERRORS = `SELECT DISTINCT se.row_id FROM labels se WHERE se.run_id = ? AND se.label = 'simulator_error'
    AND (se.author IS NULL OR se.id = (SELECT MAX(l2.id) FROM labels l2 WHERE l2.row_id = se.row_id AND l2.author = se.author))`;

/**
 * Whether some person (a human or a program label, each author's latest, and any unauthored one) currently fails the
 * row: their verdict outranks the judge's, so "passes only" leaves such a row out however the judge graded it.
 */
const PERSON_FAILED = `EXISTS (SELECT 1 FROM labels pf WHERE pf.row_id = r.id AND pf.label = 'fail'
    AND pf.kind IN ('human', 'program')
    AND (pf.author IS NULL OR pf.id = (SELECT MAX(l3.id) FROM labels l3 WHERE l3.row_id = pf.row_id AND l3.author = pf.author)))`;

export interface SelectedRow {
  id: string;
  scenario_id: string;
  /** 1 when the row is a simulator error (see SIMULATOR_ERROR): never trained on. */
  simulator_error: number;
  /** 1 when a person fails the row (see PERSON_FAILED); read only for "passes only", 0 otherwise. */
  person_failed: number;
  /** The ask, read only when asked for (decontamination): taken from the body in SQL, without parsing it here. */
  prompt?: string | null;
}

/**
 * The selected rows' store ids and scenarios, in plan order or grouped by scenario (plan order within one), read as
 * the caller takes them: a run's whole list through `.all()` cost twice as much (100,000 arrays kept alive at once).
 * The statement holds the connection until the loop ends, so the caller may not touch the store inside it.
 */
export function* selectedRows(db: Db, selection: ExportSelection, order: RowOrder, withPrompt = false): Generator<SelectedRow> {
  const where = selectionWhere(selection);
  const orderBy = order === 'ordinal' ? 'r.ordinal' : 'r.scenario_id, r.ordinal';
  // Only the columns the caller reads: two constant columns more cost 0.15 s of a 1,000,000-row list.
  const columns = ['r.id', 'r.scenario_id'];
  if (selection.passes_only) columns.push(PERSON_FAILED);
  if (withPrompt) columns.push("json_extract(r.body, '$.prompt')");
  const promptAt = columns.length - 1;
  // `r.ordinal >= 0` holds for every row; it lets the planner use rows_export (migration 008), which covers the list. The
  // latest grade and label are joined only when the selection reads them (they cost two thirds of the query).
  const errors = new Set(statement<[string], string>(db, SIMULATOR_ERRORS).pluck().all(selection.run_id));
  const rows = statement<[Record<string, unknown>], [string, string, ...(number | string | null)[]]>(
    db,
    `SELECT ${columns.join(', ')} FROM rows r ${where.isGraded ? JOINS : ''} WHERE ${where.sql} AND r.ordinal >= 0 ORDER BY ${orderBy}`,
  ).raw(true);
  for (const values of rows.iterate(where.params)) {
    const id = values[0];
    const scenario_id = values[1];
    const simulator_error = errors.size > 0 && errors.has(id) ? 1 : 0;
    const person_failed = selection.passes_only ? (values[2] as number) : 0;
    yield withPrompt
      ? { id, scenario_id, simulator_error, person_failed, prompt: values[promptAt] as string | null }
      : { id, scenario_id, simulator_error, person_failed };
  }
}

/** A row's body with the columns of its latest grade and latest label. */
export interface GradedRowRecord {
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

export const GRADE_COLUMNS = `g.reward AS reward, g.reason AS reason, g.label_source AS label_source, g.judge_name AS judge_name,
    g.judge_status AS judge_status, g.failure_class AS failure_class, l.label AS label, l.kind AS label_kind`;

const PAGE_SQL = `SELECT r.id AS id, r.body AS body, ${GRADE_COLUMNS}
  FROM rows r ${JOINS} WHERE r.id IN (SELECT value FROM json_each(?))`;

/** The rows with the given store ids (in no particular order), each with its latest grade and label. */
export function gradedRowRecords(db: Db, ids: readonly string[]): GradedRowRecord[] {
  return statement<[string], GradedRowRecord>(db, PAGE_SQL).all(JSON.stringify(ids));
}

/** The stored bodies of the given rows (in no particular order), without their grades: for a row read again. */
export function rowBodies(db: Db, ids: readonly string[]): [id: string, body: string][] {
  return statement<[string], [string, string]>(db, 'SELECT id, body FROM rows WHERE id IN (SELECT value FROM json_each(?))')
    .raw(true)
    .all(JSON.stringify(ids));
}

/** A line's columns as a page reads them, each named as in export_lines (the format's messages and problems as such). */
const LINE_COLUMNS = [
  'prompt',
  'mask',
  'head',
  'tail',
  'messages',
  'n_messages',
  'has_user',
  'calls',
  'trained',
  'masked',
  'empty_turns',
  'tool_calls',
  'leak_checked',
  'leak_hit',
  'needle_min',
  'problems',
];

/** The columns of a line written before migration 020, in export_lines, that hold TRL's messages and problems. */
const OLDER_TRL: Record<string, string> = { messages: 'trl_messages', problems: 'trl_problems' };

/** GRADE_COLUMNS as latest_grade_label (migration 024) keeps them (alias `k`), in the same order. */
export const KEPT_GRADE_COLUMNS = ['reward', 'reason', 'label_source', 'judge_name', 'judge_status', 'failure_class', 'label', 'label_kind']
  .map((column) => `k.${column} AS ${column}`)
  .join(', ');

/**
 * A page of `table`'s lines of a recipe, with each row's latest grade and label, driven by the page's ids in order. The
 * latest grade and label are read from their kept line (one seek, where the join of JOINS took four: a third less time
 * for the page).
 */
const pageSql = (table: string, columns: Record<string, string> = {}) =>
  `SELECT j.value AS id, ${KEPT_GRADE_COLUMNS}, ${LINE_COLUMNS.map((column) => `p.${columns[column] ?? column} AS ${column}`).join(', ')}
    FROM json_each(?) j
    LEFT JOIN ${table} p ON p.row_id = j.value AND p.recipe = ?
    LEFT JOIN latest_grade_label k ON k.row_id = j.value`;

/**
 * A page of prepared lines and grades, by the rows' ids, without reading the rows themselves (nor their bodies, the
 * long part): a row without a line of the recipe comes with null line columns and is read whole after. Its rows come
 * as arrays (PreparedValues, in this order): better-sqlite3 builds a row object key by key, which at these 25 columns
 * cost a third of the whole export. Each format reads its own table (migration 020): OpenAI's lines in export_lines,
 * TRL's in trl_lines. A TRL line written before migration 020 is in export_lines' TRL columns (016 and 018): `trl_older`
 * reads it, for the rows of a page without a line in trl_lines only (a join of export_lines in the TRL page, even one
 * tested before its seek, made every TRL page a quarter slower).
 */
export const PREPARED_PAGE_SQL = {
  openai: pageSql('export_lines'),
  trl: pageSql('trl_lines'),
  trl_older: pageSql('export_lines', OLDER_TRL),
};

export type Text = string | null;
export type Count = number | null;

/** GRADE_COLUMNS as a page query returns them, in order. */
export type GradeValues = [
  reward: Count,
  reason: Text,
  label_source: GradedRowRecord['label_source'],
  judge_name: Text,
  judge_status: GradedRowRecord['judge_status'],
  failure_class: Text,
  label: Text,
  label_kind: Text,
];

/** A row of PREPARED_PAGE_SQL: the id, the grade's columns, the line's texts, its facts' columns. */
export type PreparedValues = [
  id: string,
  ...grade: GradeValues,
  prompt: Text,
  mask: Text,
  head: Text,
  tail: Text,
  messages: Text,
  n_messages: Count,
  has_user: Count,
  calls: Count,
  trained: Count,
  masked: Count,
  empty_turns: Count,
  tool_calls: Count,
  leak_checked: Count,
  leak_hit: Text,
  needle_min: Count,
  problems: Text,
];

/** Where PreparedValues holds the line's prompt (never NULL in a stored line) and messages. */
const PROMPT = 9;
const MESSAGES = 13;

/**
 * The given rows' prepared lines of `recipe` with the messages of `format` (null line columns where a row has none; TRL's
 * messages null or '' where the row has none of them) with their grades, in id order.
 */
export function preparedRecords(db: Db, ids: readonly string[], recipe: string, format: 'openai' | 'trl'): PreparedValues[] {
  const page = (sql: string, pageIds: readonly string[]) =>
    statement<[string, string], PreparedValues>(db, sql).raw(true).all(JSON.stringify(pageIds), recipe);
  const records = page(PREPARED_PAGE_SQL[format], ids);
  if (format === 'openai') return records;
  const missing = records.filter((values) => values[PROMPT] === null).map((values) => values[0]);
  if (missing.length === 0) return records;
  const older = new Map(page(PREPARED_PAGE_SQL.trl_older, missing).map((values) => [values[0], values]));
  return records.map((values) => older.get(values[0]) ?? values);
}

/** Whether the row has a prepared line of `recipe` with the messages of `format` (TRL's are NULL or '' where it has none). */
export function hasPreparedLine(db: Db, rowId: string, recipe: string, format: 'openai' | 'trl'): boolean {
  const [record] = preparedRecords(db, [rowId], recipe, format);
  const messages = record?.[MESSAGES];
  return messages !== null && messages !== undefined && messages !== '';
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
