import type { Issue } from '../../../shared/api';
import type { ProveLine as ApiProveLine, ProveSource } from '../../../shared/api/prove';
import { passBit, type Axis } from '../../../shared/domain';
import { parseProveFile, proveReport, replayTasks, type ProveRecord, type ProveReport, type ReplayTask } from '../../../engine/index';
import type { Db } from '../../store/database';
import { countRows, iterateRows } from '../../store/rows/rows-repository';
import { gradedTasks } from '../../store/runs/prove-repository';
import type { AppContext } from '../app/app-context';
import { requireRun } from '../runs/runs-service';
import { ServiceError } from '../app/service-error';
import { simulatorErrorRows } from '../app/simulator-error-rows';

export interface ProveSide {
  label: string;
  n_records: number;
  n_tasks: number;
  eval_runs: number;
  n_ungraded: number;
  n_simulator_errors: number;
}

interface SideRecords {
  side: ProveSide;
  records: ProveRecord[];
}

function sideOf(label: string, records: ProveRecord[], ungraded: number, simulatorErrors = 0): SideRecords {
  return {
    side: {
      label,
      n_records: records.length,
      n_tasks: new Set(records.map((record) => record.task_id)).size,
      eval_runs: Math.max(
        records.length > 0 ? 1 : 0,
        new Set(records.flatMap((record) => (record.eval_run === null ? [] : [record.eval_run]))).size,
      ),
      n_ungraded: ungraded,
      n_simulator_errors: simulatorErrors,
    },
    records,
  };
}

/** A JSONL side: every bad line is reported as `file:line field`, and nothing is compared. */
export function jsonlSide(name: string, text: string, role: 'before' | 'after'): SideRecords {
  const parsed = parseProveFile(text);
  if (parsed.errors.length > 0) {
    const issues = parsed.errors.map((error): Issue => ({
      path: `${name}:${error.line}${error.field ? ` ${error.field}` : ''}`,
      message: error.message,
    }));
    const first = issues
      .slice(0, 3)
      .map((issue) => `${issue.path}: ${issue.message}`)
      .join('; ');
    throw new ServiceError(
      'VALIDATION_FAILED',
      `The ${role} file has ${issues.length === 1 ? 'a bad line' : `${issues.length} bad lines`}: ${first}`,
      issues,
    );
  }
  if (parsed.records.length === 0)
    throw new ServiceError('VALIDATION_FAILED', `The ${role} file ${name} has no lines to compare.`, [{ path: name, message: 'empty' }]);
  return sideOf(name, parsed.records, 0);
}

function runSide(context: AppContext, runId: string, axis: Axis): SideRecords {
  const run = requireRun(context, runId);
  const all = gradedTasks(context.db, runId, axis);
  const tasks = all.filter((task) => task.simulator_error === 0);
  const graded = tasks.filter((task) => task.reward !== null);
  const records = graded.map((task): ProveRecord => ({
    task_id: task.task_id,
    category: task.category,
    pass: passBit(task.reward!),
    eval_run: null,
  }));
  return sideOf(run.name, records, tasks.length - graded.length, all.length - tasks.length);
}

function sideFor(context: AppContext | null, source: ProveSource, role: 'before' | 'after'): SideRecords {
  switch (source.kind) {
    case 'jsonl':
      return jsonlSide(source.name, source.text, role);
    case 'run':
      if (!context) throw new ServiceError('VALIDATION_FAILED', 'A run can only be compared inside the app.');
      return runSide(context, source.run_id, source.category_axis ?? 'tool');
    default: {
      const unreachable: never = source;
      return unreachable;
    }
  }
}

/**
 * The one sentence an INCONCLUSIVE headline needs: the engine reads SDK section 18 strictly, so a gain measured with
 * one eval run a side cannot be told from the eval's own run-to-run noise.
 */
export function proveExplanation(report: ProveReport): string | null {
  if (!report.overall.headline.startsWith('INCONCLUSIVE') && !report.categories.some((line) => line.headline.startsWith('INCONCLUSIVE')))
    return null;
  return (
    "INCONCLUSIVE means the interval is above zero but each side is a single eval run, so the eval's own run-to-run noise is " +
    'unmeasured; to get PASS, run the held-out eval again on both sides (two or more runs each) and give every line an "eval_run" ' +
    '(0, 1, ...) so the report can measure that noise and show the gain clears it.'
  );
}

export interface ProveOutcome {
  report: ProveReport;
  before: ProveSide;
  after: ProveSide;
  explanation: string | null;
}

/**
 * Why before and after cannot be compared because they are one source twice (the same run, or the same file text):
 * every paired difference would be 0 by construction and read as "NO DIFFERENCE". Null when they are two sources.
 */
export function sameSourceRefusal(before: ProveSource, after: ProveSource): string | null {
  if (before.kind === 'run' && after.kind === 'run' && before.run_id === after.run_id) {
    return (
      `Before and after are the same run (${before.run_id}): every difference would be 0 by construction. Choose the run of the ` +
      `changed agent as after.`
    );
  }
  if (before.kind === 'jsonl' && after.kind === 'jsonl' && before.text === after.text) {
    const names = before.name === after.name ? before.name : `${before.name} and ${after.name}`;
    return (
      `Before and after hold the same lines (${names}): every difference would be 0 by construction. Choose the results of the ` +
      `changed agent as after.`
    );
  }
  return null;
}

/** Records as a sorted list of keys, to tell two sides that hold the same results task by task. */
const recordsKey = (records: readonly ProveRecord[]): string =>
  records
    .map((record) => JSON.stringify([record.task_id, record.category, record.pass, record.eval_run]))
    .sort()
    .join('\n');

/** The held-out before/after report over two runs' graded rows or two uploaded JSONL texts (in any mix). */
export function proveSides(
  context: AppContext | null,
  input: { before: ProveSource; after: ProveSource; seed?: number; effect?: number },
): ProveOutcome {
  const refusal = sameSourceRefusal(input.before, input.after);
  if (refusal) throw new ServiceError('VALIDATION_FAILED', refusal);
  const before = sideFor(context, input.before, 'before');
  const after = sideFor(context, input.after, 'after');
  const report = proveReport(before.records, after.records, {
    seed: input.seed ?? 0,
    ...(input.effect === undefined ? {} : { effect: input.effect }),
  });
  for (const [side, role] of [
    [before.side, 'before'],
    [after.side, 'after'],
  ] as const) {
    if (side.n_ungraded > 0) {
      report.warnings.unshift(
        `${role}: ${side.n_ungraded} of ${side.n_ungraded + side.n_records} rows of ${side.label} are ungraded and left out: grade the ` +
          `run first`,
      );
    }
    if (side.n_simulator_errors > 0)
      report.warnings.unshift(
        `${role}: ${simulatorErrorRows(side.n_simulator_errors)} left out of ${side.label}: the simulated person broke the conversation.`,
      );
  }
  // Two sources holding the same results (a run and the file exported from it, say): said first, before any number.
  if (before.records.length > 0 && recordsKey(before.records) === recordsKey(after.records)) {
    report.warnings.unshift(
      `Before (${before.side.label}) and after (${after.side.label}) hold the same results task by task: every difference is 0 by ` +
        `construction. Check that after is the changed agent's results.`,
    );
  }
  return { report, before: before.side, after: after.side, explanation: proveExplanation(report) };
}

export function proveReportFor(
  context: AppContext,
  input: { before: ProveSource; after: ProveSource; seed?: number; effect?: number },
): ProveOutcome {
  return proveSides(context, input);
}

/** The CLI's `--json` line shape: exactly the issue's keys, nothing more. */
export function proveLineJson(line: ApiProveLine | ProveReport['overall']) {
  const { category, n_tasks, before, after, delta, ci_low, ci_high, p_value, headline } = line;
  return { category, n_tasks, before, after, delta, ci_low, ci_high, p_value, headline };
}

/**
 * Replay of an earlier run's task set (`tasks=`): the simulate options that re-run exactly its situations and prompts
 * with another agent, so before and after pair task by task. Hook: `simulate({ ..., ...replaySimulateOptions(db,
 * config.replay_of) })` in main/services/runs/run-executor.ts once RunConfig carries `replay_of`.
 */
export function replaySimulateOptions(db: Db, replayOf: string | undefined): { replay?: ReplayTask[] } {
  if (replayOf === undefined) return {};
  if (countRows(db, replayOf) === 0) throw new ServiceError('NOT_FOUND', `Run ${replayOf} has no rows to replay.`);
  return { replay: replayTasks(iterateRows(db, replayOf)) };
}
