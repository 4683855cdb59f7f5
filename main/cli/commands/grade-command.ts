import { type Command, Option } from 'commander';
import { GradesRunInput, JUDGE_COMMAND_MODES, type GradesSummary, type JudgeSummary } from '../../../shared/api/grades';
import type { AppContext } from '../../services/app/app-context';
import { executeGrading, type GradeOutcome, type GradePlan } from '../../services/grading/grade-executor';
import { gradesSummary, planGrading, stillSimulatingMessage } from '../../services/grading/grading-service';
import { describeHolder, liveLeaseOf } from '../../services/runs/run-lease';
import { requireRun } from '../../services/runs/runs-service';
import { ServiceError } from '../../services/app/service-error';
import { readTextFile } from '../../services/app/text-file';
import { withContext } from '../cli-context';
import { integer } from '../option-values';

interface GradeFlags {
  judge: string;
  version?: string;
  name?: string;
  rubric?: string;
  rubricFile?: string;
  mode: (typeof JUDGE_COMMAND_MODES)[number];
  concurrency: number;
  timeoutMs?: number;
  skipGraded?: boolean;
  json?: boolean;
}

/** Grades in this process; the first Ctrl-C stops after the rows in flight (the grades so far are kept). */
async function gradeInForeground(context: AppContext, plan: GradePlan): Promise<GradeOutcome> {
  let isCancelled = false;
  const onInterrupt = () => {
    if (isCancelled) process.exit(130);
    isCancelled = true;
    process.stderr.write('\nStopping after the rows in flight (Ctrl-C again to quit now; grade again with --skip-graded to continue).\n');
  };
  process.on('SIGINT', onInterrupt);
  try {
    return await executeGrading({
      db: context.db,
      plan,
      isCancelled: () => isCancelled,
      onProgress: (update) => {
        if (process.stderr.isTTY) process.stderr.write(`\r${update.message} (${update.done}/${update.total})   `);
      },
    });
  } finally {
    process.off('SIGINT', onInterrupt);
    if (process.stderr.isTTY) process.stderr.write('\n');
  }
}

function provenanceLine(judge: JudgeSummary): string {
  const { provenance } = judge;
  const parts = [
    judge.label_source,
    provenance.model ? `model ${provenance.model}` : null,
    provenance.rubric_hash ? `rubric ${provenance.rubric_hash}` : null,
    `version ${provenance.version ?? 'none'}`,
  ];
  return parts.filter((part) => part !== null).join(', ');
}

/**
 * The grading service's rule (a run still simulating is not graded), seen from this process: the run's writer is
 * another process here (the app, `wai simulate`), known by its live lease, or the run is still queued or running.
 * Grading then would read a partial snapshot of the rows; the service has no knowing partial grading, so no flag.
 */
export function stillSimulatingRefusal(context: AppContext, runId: string): string | null {
  const run = requireRun(context, runId);
  const lease = liveLeaseOf(context.db, runId);
  if (lease) return `${stillSimulatingMessage(runId)} It is written by ${describeHolder(lease, Date.now())}.`;
  if (run.status === 'queued' || run.status === 'running') {
    return (
      `${stillSimulatingMessage(runId)} (It is marked ${run.status} but no process writes it: finish it with \`wai runs resume ` +
      `${runId}\`, or cancel it in the app.)`
    );
  }
  return null;
}

/** Warnings (and a job that did not complete) first, then per judge: passes, failures, by rule, unjudged. */
export function formatGradeReport(summary: GradesSummary, outcome: GradeOutcome | null): string {
  const warnings = [
    ...(outcome && outcome.status !== 'completed' ? [`Grading ${outcome.status}: ${outcome.message}`] : []),
    ...(outcome?.warnings ?? []),
    ...summary.warnings,
  ];
  const lines: string[] = [];
  if (warnings.length > 0) lines.push('Warnings:', ...warnings.map((warning) => `  - ${warning}`), '');
  if (outcome?.status === 'completed') lines.push(outcome.message);
  const excluded = summary.n_excluded > 0 ? ` (${summary.n_excluded} simulator errors left out)` : '';
  lines.push(`Run ${summary.run_id}: ${summary.n_rows} rows${excluded}`);
  for (const judge of summary.judges) {
    const mean = judge.mean_reward === null ? '-' : judge.mean_reward.toFixed(4);
    const rules = Object.entries(judge.by_failure_class)
      .sort(([leftRule, left], [rightRule, right]) => right - left || leftRule.localeCompare(rightRule))
      .map(([rule, count]) => `${rule} ${count}`);
    lines.push(
      '',
      `${judge.judge_key}  (${provenanceLine(judge)})`,
      `  graded     ${judge.n_graded} of ${judge.n_graded + judge.n_missing} rows`,
      `  passes     ${judge.passes}`,
      `  failures   ${judge.failures}`,
      ...(judge.partials > 0 ? [`  partial    ${judge.partials}  (0 < reward < 1, counted above)`] : []),
      `  unjudged   ${judge.unjudged}`,
      `  mean       ${mean}`,
      `  by rule    ${rules.length > 0 ? rules.join(', ') : '-'}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function rubricOf(flags: GradeFlags): Promise<string | undefined> {
  if (flags.rubric !== undefined && flags.rubricFile !== undefined)
    throw new ServiceError('VALIDATION_FAILED', 'Give --rubric or --rubric-file, not both.');
  if (flags.rubricFile === undefined) return flags.rubric;
  return readTextFile(flags.rubricFile);
}

export function registerGradeCommand(program: Command): void {
  program
    .command('grade')
    .description(
      "grade a stored run: the conduct checks on every row, then the judge you choose; prints warnings, then each judge's counts",
    )
    .argument('<run-id>')
    .option(
      '--judge <spec>',
      'conduct, command:"<command line speaking JSON lines>", module:<path to a .js/.mjs judge>, a rubric judge on a model ' +
        '(openai:<model>, anthropic:<model>, compatible:<model>@<base_url>), or decision:<model spec>',
      'conduct',
    )
    .option(
      '--version <version>',
      'the version of a command or module judge (required for them; a model judge is versioned by model and rubric hash)',
    )
    .option('--name <name>', "a display name for a custom or model judge (default: its script's file name, rubric or decision)")
    .option('--rubric <text>', "a model judge's rubric (default: one built from the run's policy rules)")
    .option('--rubric-file <path>', "read the model judge's rubric from a file")
    .addOption(
      new Option('--mode <mode>', 'command judges: one process per row, or one long-lived server')
        .choices([...JUDGE_COMMAND_MODES])
        .default('per-row'),
    )
    .option('--concurrency <n>', 'rows judged at once', integer('--concurrency', 1), 8)
    .option('--timeout-ms <ms>', 'per-row limit for the judge', integer('--timeout-ms', 100))
    .option('--skip-graded', 'leave out rows that already have an ok grade from the same judge and version')
    .option('--json', 'print the outcome and the summary as JSON')
    .action((runId: string, flags: GradeFlags) =>
      withContext(program, async (context) => {
        const refusal = stillSimulatingRefusal(context, runId);
        if (refusal) throw new ServiceError('CONFLICT', refusal);
        const rubric = await rubricOf(flags);
        const input = GradesRunInput.parse({
          run_id: runId,
          judge: flags.judge,
          mode: flags.mode,
          concurrency: flags.concurrency,
          skip_graded: flags.skipGraded ?? false,
          ...(flags.version === undefined ? {} : { version: flags.version }),
          ...(flags.name === undefined ? {} : { name: flags.name }),
          ...(rubric === undefined ? {} : { rubric }),
          ...(flags.timeoutMs === undefined ? {} : { timeout_ms: flags.timeoutMs }),
        });
        const outcome = await gradeInForeground(context, planGrading(context, input));
        const summary = gradesSummary(context, runId);
        process.stdout.write(flags.json ? `${JSON.stringify({ outcome, summary }, null, 2)}\n` : formatGradeReport(summary, outcome));
        if (outcome.status === 'failed') process.exitCode = 1;
      }),
    );
}
