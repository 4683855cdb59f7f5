import type { GradesSummary, JudgeSummary } from '../../../shared/api/grades';
import { AXES, JUDGE_STATUSES, type Axis, type LabelValue } from '../../../shared/domain';

type JudgeStatus = (typeof JUDGE_STATUSES)[number];
import type { GradeJobState, GradingState, LabelRequest, LabelTarget } from './initial-state';

export function isJobActive(job: Pick<GradeJobState, 'status'> | null): boolean {
  return job !== null && (job.status === 'starting' || job.status === 'running');
}

export function bumpRevision(revisions: Readonly<Record<string, number>>, runId: string): Record<string, number> {
  return { ...revisions, [runId]: (revisions[runId] ?? 0) + 1 };
}

export function selectRevision(state: Pick<GradingState, 'revisions'>, runId: string): number {
  return state.revisions[runId] ?? 0;
}

export interface JobFigures {
  done: number;
  total: number | null;
  /** 0..1; null while the total is not counted. */
  fraction: number | null;
  /** "Conduct checks, then rubric@openai:gpt-4.1-mini@r-1a2b" */
  judges: string;
}

export function jobFigures(job: GradeJobState): JobFigures {
  const fraction = job.total === null ? null : job.total === 0 ? 1 : Math.min(1, job.done / job.total);
  const judges =
    job.judges.length > 0 ? job.judges.map((key) => (key.startsWith('conduct@') ? 'the conduct checks' : key)).join(', then ') : job.judge;
  return { done: job.done, total: job.total, fraction, judges };
}

/**
 * What to read before the summary's numbers: a job that did not complete, then main's warnings (unjudged rows,
 * rows a judge never graded, unsure shares, simulator errors left out).
 */
export function summaryWarnings(summary: GradesSummary | null, job: GradeJobState | null): string[] {
  const warnings: string[] = [];
  if (job && (job.status === 'cancelled' || job.status === 'failed')) {
    warnings.push(
      job.message
        ? `The last grading was ${job.status}: ${job.message}`
        : `The last grading was ${job.status}. The grades written before it stopped are kept and counted below.`,
    );
  }
  return [...warnings, ...(summary?.warnings ?? [])];
}

/** A judge's statuses other than ok that happened, e.g. [["timeout", 2]]: what "unjudged" is made of. */
export function failedStatuses(judge: JudgeSummary): [JudgeStatus, number][] {
  return JUDGE_STATUSES.filter((status) => status !== 'ok' && (judge.statuses[status] ?? 0) > 0).map((status) => [
    status,
    judge.statuses[status] ?? 0,
  ]);
}

/**
 * The judge a run's pass counts follow: the one that graded it last (the table's Judge column shows it). At the same
 * time the later-listed judge wins, as it graded later (a run's grader in the loop grades each row after its conduct checks).
 */
export function latestJudge(summary: GradesSummary | null): JudgeSummary | null {
  if (!summary || summary.judges.length === 0) return null;
  return summary.judges.reduce((latest, judge) => (judge.last_graded_at >= latest.last_graded_at ? judge : latest));
}

/** How a judge is named on screen: the conduct checks by their name, others by name and version. */
export function judgeTitle(judge: Pick<JudgeSummary, 'label_source' | 'judge_key'>): string {
  return judge.label_source === 'conduct' ? `Conduct checks (${judge.judge_key})` : judge.judge_key;
}

export const LABEL_TEXT: Readonly<Record<LabelValue, string>> = {
  pass: 'pass',
  fail: 'fail',
  unsure: 'unsure',
  skip: 'skip',
  simulator_error: 'simulator error',
};

const AXIS_WORDS: Readonly<Record<Axis, string>> = {
  tool: 'tool',
  rule: 'policy rule',
  stance: 'user stance',
  world_state: 'world state',
  tool_condition: 'tool condition',
  history: 'history',
};

const rowsWord = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;

/** Where the rows come from, in words. */
export function describeTarget(target: LabelTarget): string {
  switch (target.kind) {
    case 'rows':
      return 'checked in the conversations table';
    case 'cell':
      return `in the coverage cell ${AXES.filter((axis) => target.cell[axis] !== undefined)
        .map((axis) => `${AXIS_WORDS[axis]} ${target.cell[axis]}`)
        .join(' × ')}`;
    case 'row':
      return 'this conversation';
    default: {
      const unreachable: never = target;
      return unreachable;
    }
  }
}

/** The question the confirm step asks, stating N: "Label 12 rows as fail?" */
export function confirmQuestion(request: LabelRequest): string {
  const n = request.row_ids?.length ?? 0;
  return `Label ${rowsWord(n)} as ${LABEL_TEXT[request.label]}?`;
}

/** What a finished request did, in a sentence. */
export function outcomeSentence(request: LabelRequest, author: string | null): string {
  const n = request.stored ?? 0;
  return `Labelled ${rowsWord(n)} as ${LABEL_TEXT[request.label]}${author ? `, signed ${author}` : ', unsigned'}.`;
}

/** A stored time as "2026-11-30 14:05 UTC": the same on every machine, to the minute. */
export function formatLabelTime(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return match ? `${match[1]} ${match[2]} UTC` : iso;
}
