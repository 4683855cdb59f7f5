import type { ExportSelection } from '../../../shared/api/exports';
import { AXES, failSql, LabelKind, LabelValue, passSql } from '../../../shared/domain';
import { z } from 'zod';
import {
  type ExportGrade,
  type ExportInput,
  gradeFitsPrepared,
  gradeMayQuote,
  type PreparedInput,
  type TrainingInput,
} from '../../../engine/index';
import { statement, type Db } from '../../store/database';
import { preparedFactsOf, readRowBody } from './export-row-body';

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

/**
 * Whether some person (a human or a program label, each author's latest, and any unauthored one) currently fails the
 * row: their verdict outranks the judge's, so "passes only" leaves such a row out however the judge graded it.
 */
const PERSON_FAILED = `EXISTS (SELECT 1 FROM labels pf WHERE pf.row_id = r.id AND pf.label = 'fail' AND pf.kind IN ('human', 'program')
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
  const prompt = withPrompt ? "json_extract(r.body, '$.prompt')" : 'NULL';
  // `r.ordinal >= 0` holds for every row; it lets the planner use rows_export (migration 008), which covers the list.
  const rows = statement<[Record<string, unknown>], [string, string, number, number, string | null]>(
    db,
    `SELECT r.id, r.scenario_id, ${SIMULATOR_ERROR}, ${selection.passes_only ? PERSON_FAILED : '0'}, ${prompt}
     FROM rows r ${JOINS} WHERE ${where.sql} AND r.ordinal >= 0 ORDER BY ${orderBy}`,
  ).raw(true);
  for (const [id, scenario_id, simulator_error, person_failed, text] of rows.iterate(where.params)) {
    yield withPrompt
      ? { id, scenario_id, simulator_error, person_failed, prompt: text }
      : { id, scenario_id, simulator_error, person_failed };
  }
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

const GRADE_COLUMNS = `g.reward AS reward, g.reason AS reason, g.label_source AS label_source, g.judge_name AS judge_name,
    g.judge_status AS judge_status, g.failure_class AS failure_class, l.label AS label, l.kind AS label_kind`;

const PAGE_SQL = `SELECT r.id AS id, r.body AS body, ${GRADE_COLUMNS}
  FROM rows r ${JOINS} WHERE r.id IN (SELECT value FROM json_each(?))`;

/**
 * A page of prepared lines and grades, by the rows' ids, without reading the rows themselves (nor their bodies, the
 * long part): a row without a line of the recipe comes with null line columns and is read whole after. Its rows come
 * as arrays (PreparedValues, in this order): better-sqlite3 builds a row object key by key, which at these 24 columns
 * cost a third of the whole export.
 */
const PREPARED_PAGE_SQL = `SELECT j.value AS id, ${GRADE_COLUMNS},
    p.prompt AS prompt, p.mask AS mask, p.head AS head, p.tail AS tail, p.messages AS messages, p.n_messages AS n_messages,
    p.has_user AS has_user, p.calls AS calls, p.trained AS trained, p.masked AS masked, p.empty_turns AS empty_turns,
    p.tool_calls AS tool_calls, p.leak_checked AS leak_checked, p.leak_hit AS leak_hit, p.needle_min AS needle_min
  FROM json_each(?) j
  LEFT JOIN export_lines p ON p.row_id = j.value AND p.recipe = ?
  LEFT JOIN grades g ON g.id = (SELECT MAX(id) FROM grades WHERE grades.row_id = j.value)
  LEFT JOIN labels l ON l.id = (SELECT MAX(id) FROM labels WHERE labels.row_id = j.value)`;

type Text = string | null;
type Count = number | null;

/** A row of PREPARED_PAGE_SQL: the id, the grade's columns, the line's texts, its facts' columns. */
type PreparedValues = [
  id: string,
  reward: Count,
  reason: Text,
  label_source: JoinedRecord['label_source'],
  judge_name: Text,
  judge_status: JoinedRecord['judge_status'],
  failure_class: Text,
  label: Text,
  label_kind: Text,
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
];

const GOLD_REWARD: Partial<Record<LabelValue, number>> = { pass: 1, fail: 0 };

function gradeOf(record: Omit<JoinedRecord, 'body'>): ExportGrade {
  const grade: ExportGrade = { reward: record.reward };
  if (record.reason !== null) grade.reason = record.reason;
  if (record.label_source !== null) grade.label_source = record.label_source;
  if (record.judge_name !== null) grade.judge_name = record.judge_name;
  if (record.judge_status !== null) grade.judge_status = record.judge_status;
  if (record.failure_class !== null) grade.failure_class = record.failure_class;
  if (record.label !== null && record.label_kind !== null) {
    const label = LabelValue.parse(record.label);
    grade.gold = { reward: GOLD_REWARD[label] ?? null, kind: LabelKind.parse(record.label_kind), label };
  }
  return grade;
}

const NEEDLES = z.array(z.string());

/** The privileged texts stored with a row's line, or null when they do not parse (the row is then read whole). */
function storedNeedles(db: Db, id: string): string[] | null {
  const text = statement<[string], { needles: string }>(db, 'SELECT needles FROM export_lines WHERE row_id = ?').get(id)?.needles;
  if (text === undefined) return null;
  try {
    const parsed = NEEDLES.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The row as its prepared line with its grade, or null when it must be read whole: no line of the recipe, stored
 * facts that do not check (a line damaged or written by hand: the body decides), or a grade quoting the row's
 * privileged text (which only the general path redacts).
 */
function preparedInput(db: Db, values: PreparedValues, recipe: string): TrainingInput | null {
  const [
    id,
    reward,
    reason,
    label_source,
    judge_name,
    judge_status,
    failure_class,
    label,
    label_kind,
    prompt,
    mask,
    head,
    tail,
    messages,
    ...factValues
  ] = values;
  if (prompt === null || mask === null || head === null || tail === null || messages === null) return null;
  const [n_messages, has_user, calls, trained, masked, empty_turns, tool_calls, leak_checked, leak_hit, needle_min] = factValues;
  const facts = preparedFactsOf({
    n_messages,
    has_user,
    calls,
    trained,
    masked,
    empty_turns,
    tool_calls,
    leak_checked,
    leak_hit,
    needle_min,
  });
  if (!facts) return null;
  const input = gradeOf({ id, reward, reason, label_source, judge_name, judge_status, failure_class, label, label_kind }) as PreparedInput;
  if (gradeMayQuote(facts, input)) {
    const needles = storedNeedles(db, id);
    if (!needles || !gradeFitsPrepared(needles, input)) return null;
  }
  input.prepared = { recipe, prompt, mask, head, tail, facts, messages };
  return input;
}

/** Pages of the given ids in that order: a synchronous query per page, so no statement stays open across awaits. */
function* pagesOf<T extends { id: string }>(
  ids: readonly string[],
  signal: AbortSignal | undefined,
  read: (slice: string[]) => T[],
): Generator<T> {
  for (let start = 0; start < ids.length; start += PAGE_ROWS) {
    signal?.throwIfAborted();
    const slice = ids.slice(start, start + PAGE_ROWS);
    const byId = new Map(read(slice).map((record) => [record.id, record]));
    for (const id of slice) {
      const record = byId.get(id);
      if (record) yield record;
    }
  }
}

const wholeInput = (record: JoinedRecord): ExportInput => ({ row: readRowBody(record.id, record.body), ...gradeOf(record) });

/**
 * The rows with the given store ids, in that order, read a page at a time (other requests share the connection
 * between pages). A plain generator: the reads are synchronous, and an exporter then takes each row without a turn of
 * the promise queue.
 */
export function* readRows(db: Db, ids: readonly string[], signal?: AbortSignal): Generator<ExportInput> {
  const page = statement<[string], JoinedRecord>(db, PAGE_SQL);
  for (const record of pagesOf(ids, signal, (slice) => page.all(JSON.stringify(slice)))) yield wholeInput(record);
}

/**
 * `readRows` for the default SFT export: each row as its prepared line of `recipe` where it has a usable one, else
 * whole (read with the other such rows of its page).
 */
export function* readTrainingRows(db: Db, ids: readonly string[], recipe: string, signal?: AbortSignal): Generator<TrainingInput> {
  const page = statement<[string, string], PreparedValues>(db, PREPARED_PAGE_SQL).raw(true);
  const whole = statement<[string], JoinedRecord>(db, PAGE_SQL);
  for (let start = 0; start < ids.length; start += PAGE_ROWS) {
    signal?.throwIfAborted();
    const slice = ids.slice(start, start + PAGE_ROWS);
    const records = page.all(JSON.stringify(slice), recipe);
    const inputs = new Map<string, TrainingInput>();
    const unprepared: string[] = [];
    for (const values of records) {
      const input = preparedInput(db, values, recipe);
      if (input) inputs.set(values[0], input);
      else unprepared.push(values[0]);
    }
    if (unprepared.length > 0) for (const record of whole.all(JSON.stringify(unprepared))) inputs.set(record.id, wholeInput(record));
    for (const id of slice) {
      const input = inputs.get(id);
      if (input) yield input;
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
