import type { AgreementReport } from '../../../shared/api/agreement';
import { judgeKey } from '../../../shared/api/grades';
import type { LabelQueueOrder, QueueItem } from '../../../shared/api/labels';
import type { RowDetail } from '../../../shared/api/rows';
import { verdictOf, type Grade, type Label, type LabelValue } from '../../../shared/domain';
import type { LabelingState, QueueCounts } from './initial-state';
import { itemAt } from './queue-pages';

export function selectCurrentItem(state: LabelingState): QueueItem | null {
  return itemAt(state.pages, state.position);
}

export function selectCurrentDetail(state: LabelingState): RowDetail | null {
  const item = itemAt(state.pages, state.position);
  return item ? (state.details[item.row_id] ?? null) : null;
}

/** One person's current label on a row (each unsigned label on its own). */
export interface AnnotatorLabel {
  author: string | null;
  label: LabelValue;
}

/** A row's labels as a conflict reads them: each author's current label, whether they split, and the settlement. */
export interface RowConflict {
  annotators: AnnotatorLabel[];
  /** Pass against fail among the current labels, and nobody settled. */
  isConflict: boolean;
  settled: { label: 'pass' | 'fail'; author: string } | null;
}

/** Each author's latest label plus every unsigned one, in the order they first labelled (the labels that count). */
function currentLabels(labels: readonly Label[]): AnnotatorLabel[] {
  const byAuthor = new Map<string, AnnotatorLabel>();
  const unsigned: AnnotatorLabel[] = [];
  for (const label of labels) {
    if (label.author === null) unsigned.push({ author: null, label: label.label });
    else byAuthor.set(label.author, { author: label.author, label: label.label });
  }
  return [...byAuthor.values(), ...unsigned];
}

export function conflictOf(detail: Pick<RowDetail, 'labels' | 'adjudications'>): RowConflict {
  const annotators = currentLabels(detail.labels);
  const settled = detail.adjudications?.at(-1) ?? null;
  const values = new Set(annotators.map((annotator) => annotator.label));
  return {
    annotators,
    isConflict: settled === null && values.has('pass') && values.has('fail'),
    settled: settled && { label: settled.label, author: settled.author },
  };
}

/** Blind mode hides the judge on a row until this person has labelled it. */
export function isVerdictHidden(isBlind: boolean, item: QueueItem | null): boolean {
  return isBlind && (item === null || item.label === null);
}

/** The queue judge's latest grade in a conversation's grades; null when it did not grade the row. */
export function queueJudgeGrade(detail: RowDetail | null, key: string | null): Grade | null {
  if (!detail || key === null) return null;
  return detail.grades.filter((grade) => judgeKey(grade.provenance.judge, grade.provenance.version) === key).at(-1) ?? null;
}

/** The latest conduct grade: the rule that fired and the text it fired on. */
export function conductGrade(detail: RowDetail | null): Grade | null {
  return detail?.grades.filter((grade) => grade.label_source === 'conduct').at(-1) ?? null;
}

export type GradeVerdict = 'pass' | 'fail' | 'unsure' | 'error';

/** As the conversations table names verdicts: unsure wins over the reward; no reward is an error, never a 0. */
export function verdictOfGrade(grade: Grade): GradeVerdict {
  if (grade.label_source !== 'conduct' && grade.unsure) return 'unsure';
  if (grade.reward === null) return 'error';
  return verdictOf(grade.reward)!;
}

/** The order picker's words, with how many rows each order puts first. */
export function describeOrder(order: LabelQueueOrder, counts: QueueCounts | null): string {
  switch (order) {
    case 'generated':
      return 'As generated';
    case 'disagreements':
      return `Disagreements first${counts ? ` (${counts.disagreements})` : ''}`;
    case 'unsure':
      return `Judge unsure first${counts ? ` (${counts.unsure})` : ''}`;
    case 'stratified':
      return `Stratified across cells${counts ? ` (${counts.cells})` : ''}`;
    case 'conflicts':
      return `Conflicts first${counts ? ` (${counts.conflicts})` : ''}`;
    default: {
      const unreachable: never = order;
      return unreachable;
    }
  }
}

/** A statistic as shown: 4 dp like the CLI, a dash where it is undefined. */
export function formatStat(value: number | null | undefined, digits = 4): string {
  return value === null || value === undefined ? '—' : value.toFixed(digits);
}

/** A kappa as shown: its value where it measures something, "undefined" where it does not (never a degenerate 1.0000). */
export function formatKappa(value: number | null, isDefined: boolean, digits = 4): string {
  if (value === null) return '—';
  return isDefined ? value.toFixed(digits) : 'undefined';
}

export type TrustTone = 'ok' | 'warn' | 'unmeasured';

export interface TrustHeadline {
  tone: TrustTone;
  title: string;
  /** Plainly what is missing, e.g. "Label 38 more to reach 50." */
  detail: string | null;
}

/** Whether the judge can be trusted yet, in a sentence: unmeasured is never shown as a number. */
export function trustHeadline(report: AgreementReport | null): TrustHeadline {
  if (!report) return { tone: 'unmeasured', title: 'Unmeasured', detail: null };
  const trust = report.judge_trust;
  const more = trust.labels_needed > 0 ? `Label ${trust.labels_needed} more to reach 50.` : null;
  if (report.judge === null)
    return {
      tone: 'unmeasured',
      title: 'Unmeasured: no judge has graded this run',
      detail: 'Grade the run, then its judge is measured against your labels.',
    };
  if (trust.unmeasured) {
    return {
      tone: 'unmeasured',
      title: 'Unmeasured',
      detail: trust.n_labeled === 0 ? `No gold labels yet. ${more ?? ''}`.trim() : 'No judged row has gold with an author.',
    };
  }
  if (trust.ok) return { tone: 'ok', title: 'Trusted', detail: more };
  return { tone: 'warn', title: 'Not trusted yet', detail: more };
}

/** The report's warning for a run no judge has graded: the headline already says it (`trustHeadline`). */
const NO_JUDGE_WARNING = /^no judge has graded this run/i;

/** Every warning of the report once, the report's own first; none the headline already says. */
export function trustWarnings(report: AgreementReport | null): string[] {
  if (!report) return [];
  const warnings = [...new Set([...report.warnings, ...report.judge_trust.warnings])];
  return report.judge === null ? warnings.filter((warning) => !NO_JUDGE_WARNING.test(warning)) : warnings;
}

export interface QueueProgress {
  labelled: number;
  total: number;
  /** 1-based place of the row on screen; null when the queue is empty. */
  place: number | null;
  share: number;
}

export function selectProgress(state: Pick<LabelingState, 'counts' | 'total' | 'position'>): QueueProgress {
  const total = state.total ?? 0;
  const labelled = state.counts?.labelled ?? 0;
  return { labelled, total, place: total === 0 ? null : state.position + 1, share: total === 0 ? 0 : labelled / total };
}
