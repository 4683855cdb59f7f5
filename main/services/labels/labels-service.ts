import type { Issue } from '../../../shared/api';
import {
  LABEL_EXPORT_COLUMNS,
  type LabelQueueOrder,
  type LabelsQueueOutput,
  type QueueSnapshot,
  type StoredLabel,
} from '../../../shared/api/labels';
import type { Label, LabelKind, LabelValue } from '../../../shared/domain';
import {
  AttachLabelsError,
  attachLabels,
  formatCsv,
  parseLabelsFile,
  type LabelInput,
  type LabelsFormat,
  type LineError,
} from '../../../engine/index';
import {
  getAnnotator,
  getLabel,
  insertLabel,
  insertLabels,
  listLabels,
  listLabelsForExport,
  listRowIdentities,
  listRowLabels,
  missingRowIds,
  runIdOfRow,
  setAnnotator,
} from '../../store/labels/labels-repository';
import { gradingJudgeKeys } from '../../store/grades/judge-totals-repository';
import { annotatorLabelCounts } from '../../store/labels/label-queue-repository';
import { type QueueRequest } from '../../store/labels/label-queue-sql';
import type { AppContext } from '../app/app-context';
import { chooseJudge } from '../grading/grading-service';
import {
  keptFirstUnlabelled,
  keptGradedJudges,
  keptNewestJudge,
  keptQueueCounts,
  keptQueuePage,
  keptQueueSnapshot,
  keptQueueTotal,
} from './label-queue-memo';
import { requireRun } from '../runs/runs-service';
import { ServiceError } from '../app/service-error';
import { asSentence } from '../app/sentence';

const UNSIGNED_WARNING =
  'No annotator name is set, so this label has no author: gold nobody signed is unmeasured and cannot measure the judge. Set your name ' +
  'once (labels.annotator.set).';
/** Line errors shown in an error message; every one is in `issues`. */
const ERRORS_SHOWN = 5;

export interface LabelRequest {
  label: LabelValue;
  note?: string | null | undefined;
  kind: LabelKind;
  /** Made with every judge's verdict hidden; absent when nobody knows. */
  blind?: boolean | undefined;
}

function newLabel(context: AppContext, rowId: string, request: LabelRequest, author: string | null): Label {
  const note = request.note?.trim() ? request.note : null;
  return {
    row_id: rowId,
    label: request.label,
    kind: request.kind,
    author,
    note,
    created_at: context.now().toISOString(),
    blind: request.blind ?? null,
  };
}

/** labels.set: one label, written at once, signed with the annotator's name. */
export function setLabel(context: AppContext, rowId: string, request: LabelRequest): { label: StoredLabel; warnings: string[] } {
  const author = getAnnotator(context.db);
  const id = insertLabel(context.db, newLabel(context, rowId, request, author));
  if (id === null) throw new ServiceError('NOT_FOUND', `There is no row ${rowId}.`);
  return { label: getLabel(context.db, id)!, warnings: author === null ? [UNSIGNED_WARNING] : [] };
}

/** labels.set_many: the same label on many rows in one transaction; an unknown row stores nothing. */
export function setLabels(context: AppContext, rowIds: readonly string[], request: LabelRequest): { n: number; warnings: string[] } {
  const unique = [...new Set(rowIds)];
  const missing = missingRowIds(context.db, unique);
  if (missing.length > 0) {
    throw new ServiceError(
      'NOT_FOUND',
      `No labels stored: there is no row ` +
        `${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ` (and ${missing.length - 3} more)` : ''}.`,
    );
  }
  const author = getAnnotator(context.db);
  const n = insertLabels(
    context.db,
    unique.map((rowId) => newLabel(context, rowId, request, author)),
  );
  return { n, warnings: author === null ? [UNSIGNED_WARNING] : [] };
}

/** labels.list: a run's or a row's labels, oldest first. */
export function labelsOf(
  context: AppContext,
  target: { run_id?: string | undefined; row_id?: string | undefined },
  latestOnly: boolean,
): { labels: StoredLabel[] } {
  if (target.row_id !== undefined) {
    if (runIdOfRow(context.db, target.row_id) === undefined) throw new ServiceError('NOT_FOUND', `There is no row ${target.row_id}.`);
    return { labels: listRowLabels(context.db, target.row_id, latestOnly) };
  }
  if (target.run_id === undefined) throw new ServiceError('VALIDATION_FAILED', 'Give a run_id or a row_id.');
  requireRun(context, target.run_id);
  return { labels: listLabels(context.db, target.run_id, latestOnly) };
}

function lineIssue(error: LineError): Issue {
  return { path: error.field ? `line ${error.line}.${error.field}` : `line ${error.line}`, message: error.message };
}

function describeLineErrors(errors: readonly LineError[]): string {
  const shown = errors
    .slice(0, ERRORS_SHOWN)
    .map((error) => `line ${error.line}${error.field ? ` (${error.field})` : ''}: ${error.message}`);
  const more = errors.length > ERRORS_SHOWN ? `; and ${errors.length - ERRORS_SHOWN} more` : '';
  return `${shown.join('; ')}${more}`;
}

export interface ImportRequest {
  format: LabelsFormat;
  text: string;
  author?: string | undefined;
  kind: LabelKind;
}

/**
 * labels.import: reads a labels file and attaches it to the run's rows (by row id, rollout id, or
 * scenario_id#rollout_index). All or nothing: a bad line, an unknown kind or label, or a key naming several rows
 * stores nothing, and the error names every line. Lines naming no row of the run are skipped with a warning.
 */
export function importLabels(context: AppContext, runId: string, request: ImportRequest) {
  requireRun(context, runId);
  const file = parseLabelsFile(request.text, request.format);
  if (file.errors.length > 0) {
    throw new ServiceError(
      'VALIDATION_FAILED',
      `No labels stored: the ${request.format.toUpperCase()} file has errors: ${describeLineErrors(file.errors)}.`,
      file.errors.map(lineIssue),
    );
  }
  if (file.labels.length === 0)
    throw new ServiceError('VALIDATION_FAILED', `No labels stored: the ${request.format.toUpperCase()} file holds no labels.`);
  const existing = new Map<string, Label[]>();
  for (const { id: _id, run_id: _runId, ...label } of listLabels(context.db, runId)) {
    const labels = existing.get(label.row_id);
    if (labels) labels.push(label);
    else existing.set(label.row_id, [label]);
  }
  const targets = listRowIdentities(context.db, runId).map((row) => ({ ...row, gold_labels: existing.get(row.id) ?? [] }));
  const inputs: LabelInput[] = file.labels.map((label) => ({
    key: label.key,
    label: label.label,
    author: label.author,
    kind: label.kind,
    note: label.note,
    created_at: label.created_at,
    line: label.line,
  }));
  let attached: ReturnType<typeof attachLabels>;
  try {
    attached = attachLabels(targets, inputs, {
      kind: request.kind,
      annotator: request.author ?? null,
      now: () => context.now().toISOString(),
    });
  } catch (error) {
    if (!AttachLabelsError.isInstance(error)) throw error;
    const issues = error.problems.map((problem) => ({ path: /^line \d+/.exec(problem)?.[0] ?? 'text', message: problem }));
    const detail = error.message.replace(/^no labels attached: /, '');
    throw new ServiceError('VALIDATION_FAILED', asSentence(`No labels stored: ${detail}`), issues.length > 0 ? issues : undefined);
  }
  const stored = insertLabels(context.db, attached.added);
  return { stored, report: attached.report };
}

/** labels.export: every label of a run (history included), oldest first, as JSONL or CSV. */
export function exportLabels(context: AppContext, runId: string, format: LabelsFormat): { text: string; filename: string; n: number } {
  requireRun(context, runId);
  const labels = listLabelsForExport(context.db, runId);
  const records = labels.map((label) => ({
    row_id: label.row_id,
    rollout_id: label.rollout_id,
    label: label.label,
    author: label.author,
    kind: label.kind,
    note: label.note,
    created_at: label.created_at,
  }));
  let text: string;
  switch (format) {
    case 'jsonl':
      text = records.map((record) => `${JSON.stringify(record)}\n`).join('');
      break;
    case 'csv':
      text = formatCsv([[...LABEL_EXPORT_COLUMNS], ...records.map((record) => LABEL_EXPORT_COLUMNS.map((column) => record[column] ?? ''))]);
      break;
    default: {
      const unreachable: never = format;
      return unreachable;
    }
  }
  return { text, filename: `${runId}-labels.${format}`, n: labels.length };
}

export function annotatorName(context: AppContext): { name: string | null } {
  return { name: getAnnotator(context.db) };
}

export function setAnnotatorName(context: AppContext, name: string | null): { name: string | null } {
  setAnnotator(context.db, name === null ? null : name.trim());
  return annotatorName(context);
}

export interface QueueOptions {
  order: LabelQueueOrder;
  blind: boolean;
  judge?: string | undefined;
  snapshot?: QueueSnapshot | undefined;
  /** False: leave out counts and first_unlabelled (a later page of a snapshot that already has them). */
  summary?: boolean | undefined;
  offset: number;
  limit: number;
}

/**
 * The queue's judge. A later page names it by the key the first page gave: found with one seek in index
 * grades_latest instead of totalling every judge's grades; with no judge named, the newest is found from each judge
 * name's newest grade.
 */
function queueJudge(
  context: AppContext,
  runId: string,
  options: QueueOptions,
): { judge_key: string; judge_name: string; version: string | null } | null {
  if (options.summary === false && options.judge !== undefined) {
    const found = gradingJudgeKeys(context.db, runId).find((judge) => judge.judge_key === options.judge);
    if (found) return found;
  }
  if (options.judge === undefined) return keptNewestJudge(context, runId);
  return chooseJudge(keptGradedJudges(context, runId), runId, options.judge);
}

/**
 * labels.queue: one page of the run's rows in the chosen order, with the annotator's own labels, where their
 * first unlabelled row is, and the counts. The judge is the one agreement.get measures by default (the last to
 * grade the run), so "disagreements first" lists exactly the trust panel's disagreements.
 */
export function labelQueue(context: AppContext, runId: string, options: QueueOptions): LabelsQueueOutput {
  requireRun(context, runId);
  const judge = queueJudge(context, runId, options);
  const annotator = getAnnotator(context.db);
  const request: QueueRequest = {
    runId,
    order: options.order,
    judge: judge && { judge_name: judge.judge_name, version: judge.version },
    annotator,
    snapshot: options.snapshot ?? keptQueueSnapshot(context, runId),
  };
  const page = {
    run_id: runId,
    order: options.order,
    judge_key: judge?.judge_key ?? null,
    annotator,
    snapshot: request.snapshot,
    offset: options.offset,
    items: keptQueuePage(context, request, options.offset, options.limit, options.blind),
  };
  if (options.summary === false) return { ...page, total: keptQueueTotal(context, runId), first_unlabelled: null, counts: null };
  const byLabel = annotatorLabelCounts(context.db, runId, annotator);
  const { total, ...counts } = keptQueueCounts(context, request);
  // A page item without the annotator's label is a row they never labelled (labels are never null), so on the page
  // at the start of the queue the first such item is the first unlabelled row: no second pass over the whole order.
  const unlabelledOnPage = options.offset === 0 ? page.items.find((item) => item.label === null) : undefined;
  return {
    ...page,
    total,
    first_unlabelled: unlabelledOnPage ? unlabelledOnPage.position : keptFirstUnlabelled(context, request),
    counts: { labelled: Object.values(byLabel).reduce((sum, n) => sum + n, 0), by_label: byLabel, ...counts },
  };
}
