import { LabelKind, LabelValue } from '../../../shared/domain';
import {
  type ExportGrade,
  type ExportInput,
  gradeFitsPrepared,
  gradeMayQuote,
  labelVote,
  type PreparedInput,
  type SftFormat,
  type TrainingInput,
} from '../../../engine/index';
import type { Db } from '../../store/database';
import { storedNeedles } from '../../store/exports/export-lines-repository';
import { gradedRowRecords, preparedRecords, type GradedRowRecord, type PreparedValues } from '../../store/exports/export-rows-repository';
import { preparedFactsOf, preparedProblemsOf, readRowBody } from './export-row-body';

/**
 * Rows fetched per query: small enough that a page never holds the connection for long and that its bodies die young
 * (pages of 500 outlived the young generation: 100,000 rows peaked at 366 MB, against about 220 MB with 200), large
 * enough to be cheap.
 */
export const PAGE_ROWS = 200;

export function gradeOf(record: Omit<GradedRowRecord, 'body'>): ExportGrade {
  const grade: ExportGrade = { reward: record.reward };
  if (record.reason !== null) grade.reason = record.reason;
  if (record.label_source !== null) grade.label_source = record.label_source;
  if (record.judge_name !== null) grade.judge_name = record.judge_name;
  if (record.judge_status !== null) grade.judge_status = record.judge_status;
  if (record.failure_class !== null) grade.failure_class = record.failure_class;
  if (record.label !== null && record.label_kind !== null) {
    const label = LabelValue.parse(record.label);
    grade.gold = { reward: labelVote(label), kind: LabelKind.parse(record.label_kind), label };
  }
  return grade;
}

/**
 * The row as its prepared line with its grade, or null when it must be read whole: no line of the recipe, stored
 * facts that do not check (a line damaged or written by hand: the body decides), or a grade quoting the row's
 * privileged text (which only the general path redacts).
 */
function preparedInput(db: Db, values: PreparedValues, recipe: string, format: SftFormat): TrainingInput | null {
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
  // TRL's messages are '' where the row has no clean TRL line (migration 016).
  if (prompt === null || mask === null || head === null || tail === null || messages === null || messages === '') return null;
  const [n_messages, has_user, calls, trained, masked, empty_turns, tool_calls, leak_checked, leak_hit, needle_min, problemsText] =
    factValues;
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
  const problems = preparedProblemsOf(problemsText);
  if (!facts || !problems) return null;
  const input = gradeOf({ id, reward, reason, label_source, judge_name, judge_status, failure_class, label, label_kind }) as PreparedInput;
  if (gradeMayQuote(facts, input)) {
    const needles = storedNeedles(db, id);
    if (!needles || !gradeFitsPrepared(needles, input)) return null;
  }
  input.prepared = { recipe, format, prompt, mask, head, tail, facts, messages, problems };
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

export const wholeInput = (record: GradedRowRecord): ExportInput => ({ row: readRowBody(record.id, record.body), ...gradeOf(record) });

/**
 * The rows with the given store ids, in that order, read a page at a time (other requests share the connection
 * between pages). A plain generator: the reads are synchronous, and an exporter then takes each row without a turn of
 * the promise queue.
 */
export function* readRows(db: Db, ids: readonly string[], signal?: AbortSignal): Generator<ExportInput> {
  for (const record of pagesOf(ids, signal, (slice) => gradedRowRecords(db, slice))) yield wholeInput(record);
}

/** The rows with the given ids as stored (bodies unparsed), in that order, a page at a time. */
export function* readRecords(db: Db, ids: readonly string[], signal?: AbortSignal): Generator<GradedRowRecord> {
  yield* pagesOf(ids, signal, (slice) => gradedRowRecords(db, slice));
}

/**
 * `readRows` for the default SFT export of `format`: each row as its prepared line of `recipe` where it has a usable
 * one, else whole (read with the other such rows of its page).
 */
export function* readTrainingRows(
  db: Db,
  ids: readonly string[],
  recipe: string,
  format: SftFormat,
  signal?: AbortSignal,
): Generator<TrainingInput> {
  for (let start = 0; start < ids.length; start += PAGE_ROWS) {
    signal?.throwIfAborted();
    const slice = ids.slice(start, start + PAGE_ROWS);
    const records = preparedRecords(db, slice, recipe, format);
    const inputs = new Map<string, TrainingInput>();
    const unprepared: string[] = [];
    for (const values of records) {
      const input = preparedInput(db, values, recipe, format);
      if (input) inputs.set(values[0], input);
      else unprepared.push(values[0]);
    }
    if (unprepared.length > 0) for (const record of gradedRowRecords(db, unprepared)) inputs.set(record.id, wholeInput(record));
    for (const id of slice) {
      const input = inputs.get(id);
      if (input) yield input;
    }
  }
}
