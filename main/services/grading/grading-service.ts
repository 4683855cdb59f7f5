import {
  judgeKey,
  type GradeJob,
  type GradesRunInput,
  type GradesSummary,
  type JudgeSummary,
  type RowVerdict,
  type StoredGrade,
} from '../../../shared/api/grades';
import { round4 } from '../../../shared/domain/rounding';
import { DEFAULT_JUDGE_TIMEOUT_MS } from '../../../engine/index';
import { latestGradeSpans } from '../../store/grades/agreement-reads-repository';
import { getGrade, latestVerdicts, listRowGrades, simulatorErrorRowIds } from '../../store/grades/grades-repository';
import { judgeBreakdowns, judgeTotals, type JudgeBreakdown, type JudgeTotals } from '../../store/grades/judge-totals-repository';
import { runIdOfRow } from '../../store/labels/labels-repository';
import { countRows } from '../../store/rows/rows-repository';
import { specOfRun } from '../../store/runs/specs-repository';
import type { AppContext } from '../app/app-context';
import { newId } from '../app/ids';
import { judgeKeysOf, type GradePlan } from './grade-executor';
import { parseJudgeSpec } from './judge-spec';
import { missingKeyIssues } from '../settings/model-roles';
import { describeHolder, liveLeaseOf } from '../runs/run-lease';
import { requireRun } from '../runs/runs-service';
import { keyRing, storedKeys } from '../settings/secrets';
import { ServiceError } from '../app/service-error';
import { simulatorErrorRows } from '../app/simulator-error-rows';

/** Why a run that is still simulating is not graded (its rows are a partial snapshot): the UI's and the CLI's words. */
export const stillSimulatingMessage = (runId: string): string =>
  `Run ${runId} is still simulating: grade it when it ends, or cancel it first.`;

/** Why a run another process writes (`wai simulate`, another app) is not graded: its rows are still landing. */
export const writtenElsewhereMessage = (runId: string, holder: string): string =>
  `Run ${runId} is still being written by another process (${holder}): grade it when that process ends, or stop it first.`;

/** Checks a grading request and turns it into a plan a worker (or the CLI, in its own process) can run. */
export function planGrading(context: AppContext, input: GradesRunInput, cwd: string = process.cwd()): GradePlan {
  const run = requireRun(context, input.run_id);
  if (context.jobs.isActive(input.run_id)) throw new ServiceError('CONFLICT', stillSimulatingMessage(input.run_id));
  // The lease is read on the wall clock: it is compared with other processes' heartbeats, never with a test's clock.
  const now = Date.now();
  const elsewhere = liveLeaseOf(context.db, input.run_id, now);
  if (elsewhere) throw new ServiceError('CONFLICT', writtenElsewhereMessage(input.run_id, describeHolder(elsewhere, now)));
  const active = context.gradeJobs.activeFor(input.run_id);
  if (active)
    throw new ServiceError('CONFLICT', `Run ${input.run_id} is already being graded (job ${active.job_id}): wait for it or cancel it.`);
  if (countRows(context.db, input.run_id) === 0) throw new ServiceError('CONFLICT', `Run ${input.run_id} has no rows to grade yet.`);
  const spec = specOfRun(context.db, run);
  const judge = parseJudgeSpec(input.judge, {
    version: input.version,
    name: input.name,
    mode: input.mode,
    cwd,
    rubric: input.rubric,
    policy: spec && { system_prompt: spec.system_prompt, rules: spec.policy_rules },
  });
  if (judge.kind === 'model') {
    const issues = missingKeyIssues(
      { judge: judge.spec },
      { keys: keyRing(process.env, storedKeys(context.keys)), mode: context.mode },
    ).map((issue) => ({ ...issue, path: 'judge' }));
    if (issues.length > 0) throw new ServiceError('VALIDATION_FAILED', issues.map((issue) => issue.message).join(' '), issues);
  }
  return {
    job_id: newId('grade'),
    run_id: input.run_id,
    judge_text: input.judge,
    judge,
    concurrency: input.concurrency,
    timeout_ms: input.timeout_ms === undefined ? DEFAULT_JUDGE_TIMEOUT_MS : input.timeout_ms,
    skip_graded: input.skip_graded,
  };
}

/** grades.run: starts grading in a worker thread; resolves once the judge has loaded. */
export function startGrading(context: AppContext, input: GradesRunInput): Promise<GradeJob> {
  const plan = planGrading(context, input);
  return context.gradeJobs.start(plan, judgeKeysOf(plan.judge));
}

export function cancelGrading(context: AppContext, jobId: string): GradeJob {
  return context.gradeJobs.cancel(jobId);
}

export function listGradingJobs(context: AppContext, runId?: string): { jobs: GradeJob[] } {
  return { jobs: context.gradeJobs.list(runId) };
}

function summaryWarnings(
  judges: readonly JudgeSummary[],
  nRows: number,
  nIncluded: number,
  nExcluded: number,
  active: GradeJob | undefined,
): string[] {
  const warnings: string[] = [];
  if (active)
    warnings.push(`Grading is still running (job ${active.job_id}, ${active.done} of ${active.total ?? '?'}): these numbers will change.`);
  if (nRows === 0) warnings.push('The run has no rows yet.');
  else if (judges.length === 0) warnings.push('No grades yet: grade the run (the conduct checks run first, then your judge).');
  if (nExcluded > 0) warnings.push(`${simulatorErrorRows(nExcluded)} left out of every count here.`);
  for (const judge of judges) {
    if (judge.unjudged > 0) {
      const statuses = Object.entries(judge.statuses)
        .filter(([status, count]) => status !== 'ok' && count > 0)
        .map(([status, count]) => `${count} ${status}`)
        .join(', ');
      warnings.push(
        `${judge.judge_key}: ${judge.unjudged} of ${judge.n_graded} rows are unjudged (${statuses}): they have no reward, which is not ` +
          `a 0.`,
      );
    }
    if (judge.n_missing > 0)
      warnings.push(`${judge.judge_key} graded ${judge.n_graded} of ${nIncluded} rows; ${judge.n_missing} have no grade from it.`);
    const unsureShare = judge.n_graded === 0 ? 0 : judge.unsure / judge.n_graded;
    if (judge.unsure > 0 && unsureShare >= 0.1)
      warnings.push(`${judge.judge_key} was unsure on ${judge.unsure} of ${judge.n_graded} rows: label those by hand.`);
  }
  return warnings;
}

function toJudgeSummary(context: AppContext, totals: JudgeTotals, breakdown: JudgeBreakdown | undefined, nIncluded: number): JudgeSummary {
  const latest = getGrade(context.db, totals.last_id);
  if (!latest)
    throw new ServiceError('INTERNAL', `Grade ${totals.last_id} vanished while the judges were summarised: read the summary again.`);
  const key = judgeKey(totals.judge_name, totals.version);
  return {
    judge_key: key,
    judge_name: totals.judge_name,
    version: totals.version,
    label_source: latest.label_source,
    provenance: latest.provenance,
    n_graded: totals.n_graded,
    passes: totals.passes,
    failures: totals.failures,
    partials: totals.partials,
    unjudged: totals.unjudged,
    unsure: totals.unsure,
    mean_reward: totals.mean_reward === null ? null : round4(totals.mean_reward),
    statuses: breakdown?.statuses ?? { ok: 0, missing_reward: 0, invalid_result: 0, error: 0, timeout: 0 },
    by_failure_class: breakdown?.by_failure_class ?? {},
    n_missing: Math.max(0, nIncluded - totals.n_graded),
    last_graded_at: latest.created_at,
  };
}

/** grades.summary: per judge, counts over each row's latest grade, warnings first in any display. */
export function gradesSummary(context: AppContext, runId: string): GradesSummary {
  requireRun(context, runId);
  const nRows = countRows(context.db, runId);
  const nExcluded = simulatorErrorRowIds(context.db, runId).size;
  const nIncluded = nRows - nExcluded;
  const breakdowns = judgeBreakdowns(context.db, runId);
  const judges = judgeTotals(context.db, runId).map((totals) =>
    toJudgeSummary(context, totals, breakdowns.get(judgeKey(totals.judge_name, totals.version)), nIncluded),
  );
  const active = context.gradeJobs.activeFor(runId);
  return {
    run_id: runId,
    n_rows: nRows,
    n_excluded: nExcluded,
    judges,
    active_job: active ?? null,
    warnings: summaryWarnings(judges, nRows, nIncluded, nExcluded, active),
  };
}

/** grades.list: a row's grades, newest first. */
export function rowGrades(context: AppContext, rowId: string): { row_id: string; grades: StoredGrade[] } {
  if (runIdOfRow(context.db, rowId) === undefined) throw new ServiceError('NOT_FOUND', `There is no row ${rowId}.`);
  return { row_id: rowId, grades: listRowGrades(context.db, rowId) };
}

/** A judge graded on a run, with the id of its newest grade (the "last graded" order). */
export interface GradedJudge {
  judge_key: string;
  judge_name: string;
  version: string | null;
  last_id: number;
}

/**
 * Picks one judge of a run: by key (`name@version`), by name and version, or by name alone (its newest
 * version); with neither, the judge that graded the run last. Null when nothing graded the run.
 */
export function chooseJudge<T extends GradedJudge>(judges: readonly T[], runId: string, name?: string, version?: string): T | null {
  const newest = (candidates: readonly T[]) =>
    candidates.reduce<T | null>((best, judge) => (best === null || judge.last_id > best.last_id ? judge : best), null);
  if (name === undefined) return newest(judges);
  const found =
    version !== undefined
      ? judges.find((judge) => judge.judge_key === judgeKey(name, version))
      : (judges.find((judge) => judge.judge_key === name) ?? newest(judges.filter((judge) => judge.judge_name === name)) ?? undefined);
  if (!found) {
    const graded = judges.map((judge) => judge.judge_key).join(', ') || 'none';
    throw new ServiceError(
      'NOT_FOUND',
      `No judge "${version === undefined ? name : judgeKey(name, version)}" has graded run ${runId} (graded: ${graded}).`,
    );
  }
  return found;
}

/** Every judge that graded a run, in the order they first graded it. */
export function gradedJudges(context: AppContext, runId: string): Array<GradedJudge & { n_graded: number }> {
  // Index walks per judge (latestGradeSpans), not a total over every grade: the same figures, in the same order.
  return latestGradeSpans(context.db, runId).map((span) => ({
    judge_key: judgeKey(span.judge_name, span.version),
    judge_name: span.judge_name,
    version: span.version,
    last_id: span.last_id,
    n_graded: span.n_graded,
  }));
}

/** grades.verdicts: each row's latest verdict from one judge, in row order. */
export function rowVerdicts(context: AppContext, runId: string, judge?: string): { judge_key: string | null; verdicts: RowVerdict[] } {
  requireRun(context, runId);
  const chosen = chooseJudge(gradedJudges(context, runId), runId, judge);
  if (chosen === null) return { judge_key: null, verdicts: [] };
  const verdicts = latestVerdicts(context.db, runId)
    .filter((verdict) => judgeKey(verdict.judge_name, verdict.version) === chosen.judge_key)
    .map(({ row_id, reward, judge_status, unsure, failure_class }) => ({ row_id, reward, judge_status, unsure, failure_class }));
  return { judge_key: chosen.judge_key, verdicts };
}
