import { type Command, Option } from 'commander';
import { MODES, PATIENCE_SETTINGS, REPEAT_POLICIES, UNTIL_MODES, type RunConfig, type SimulationSummary } from '../../../shared/domain';
import type { AppContext } from '../../services/app/app-context';
import { executeRun, isFailedStop } from '../../services/runs/run-executor';
import { preflightRun } from '../../services/runs/run-preflight';
import { RunLease } from '../../services/runs/run-lease';
import { createLeasedRun, requireRun } from '../../services/runs/runs-service';
import { ServiceError } from '../../services/app/service-error';
import { writeRowsFile } from '../../services/runs/rows-file';
import { withContext } from '../cli-context';
import { integer, share } from '../option-values';
import { printSummary } from '../print-summary';
import { avgTurns, configFrom, seconds, temperature, timeBudget, type SimulateFlags } from './simulate-config';

/**
 * Takes the run's lease for this command, or throws (CONFLICT) naming the process that writes it: the CLI and the app
 * may share a data folder, and exactly one process writes a run at a time.
 */
export function leaseForCommand(context: AppContext, runId: string, command: string): RunLease {
  return RunLease.acquire(context.db, runId, `wai ${command}`);
}

/** Runs a stored run in this process under its lease; the first Ctrl-C stops it after the rollouts in flight. */
export async function runInForeground(context: AppContext, runId: string, lease: RunLease): Promise<SimulationSummary> {
  let cancelled = false;
  const onInterrupt = () => {
    if (cancelled) {
      // No write is in flight between two events: give the run back so the next resume needs no takeover.
      lease.release();
      process.exit(130);
    }
    cancelled = true;
    process.stderr.write('\nStopping after the rollouts in flight (Ctrl-C again to quit now; `wai runs resume` continues).\n');
  };
  process.on('SIGINT', onInterrupt);
  try {
    return await executeRun({
      db: context.db,
      runId,
      lease,
      isCancelled: () => cancelled,
      onProgress: (progress) => {
        if (process.stderr.isTTY)
          process.stderr.write(`\r${progress.rows_done}/${progress.budget} rows, ${progress.rows_per_second} rows/s   `);
      },
    });
  } finally {
    process.off('SIGINT', onInterrupt);
    if (process.stderr.isTTY) process.stderr.write('\n');
  }
}

/**
 * The pre-flight checks that fail a run at its first call: a model spec, a missing key, an agent that does not start, a
 * temperature the model refuses, a model whose test call failed for good (a refused key, no credit, a 404).
 */
const UNRUNNABLE = new Set(['model_spec', 'model_key', 'agent_start', 'model_temperature', 'model_probe']);

/**
 * Refuses, before anything is stored, a run the app's pre-flight would not start: its models or its agent cannot be
 * called. The app blocks Start on the same checks; without this the CLI stored a failed run of 0 rows.
 */
async function refuseUnrunnable(context: AppContext, config: RunConfig): Promise<void> {
  const errors = (await preflightRun(context, config)).checks.filter((check) => check.level === 'error' && UNRUNNABLE.has(check.id));
  if (errors.length === 0) return;
  throw new ServiceError('VALIDATION_FAILED', `Nothing was started:\n  ${errors.map((check) => check.message).join('\n  ')}`);
}

export function registerSimulateCommand(program: Command): void {
  program
    .command('simulate')
    .description('draft or load a spec, simulate conversations offline, store the run, and print its coverage')
    .option('--describe <sentence>', 'the behaviour to simulate, in one sentence')
    .option('--spec <file>', 'a spec file (JSON or YAML)')
    .option('--rows <n>', 'row budget', integer('--rows', 1), 1000)
    .option('--seed <n>', 'seed: the same seed and settings give the same rows', integer('--seed', 0), 0)
    .option('--concurrency <n>', 'rollouts in flight', integer('--concurrency', 1), 8)
    .addOption(
      new Option(
        '--mode <mode>',
        'what the budget is spent on: explore (new situations), sft (3 wordings x 4 completions per situation), rl (8 rollouts per ' +
          'prompt, fault rate 0.8, no success flip), adaptive (new situations mixed with re-runs of uncertain ones)',
      )
        .choices(MODES)
        .default('explore'),
    )
    .addOption(
      new Option(
        '--repeat-policy <policy>',
        "how each prompt's repeats are spent (default: the mode's): fixed (all at once), none, successive (2 probes, the rest where " +
          'they disagree), adaptive (1, the rest where uncertain)',
      ).choices(REPEAT_POLICIES),
    )
    .option(
      '--time-budget <seconds>',
      'stop after the batch in which this many seconds ran out (the stop point depends on the machine)',
      timeBudget,
    )
    .option('--fault-rate <x>', "share of fault-tagged cells that keep their fault (default: the mode's, 0.5; 0.8 in rl)", share)
    .option('--prefer-success', 'flip nine in ten fault cells to success on a cold start (default: on, off in rl)')
    .option('--no-prefer-success', 'keep every fault cell instead of flipping nine in ten to success')
    .addOption(
      new Option(
        '--until <mode>',
        'when to stop before the budget: compute (never), saturation (every planned cell has 5 rows, or coverage stops growing), first ' +
          '(every planned pair covered)',
      )
        .choices(UNTIL_MODES)
        .default('compute'),
    )
    .option('--situations <n>', 'stop after this many situations', integer('--situations', 1))
    .option('--phrasings <n>', "wordings per situation (default: the mode's, 1; 3 in sft and adaptive)", integer('--phrasings', 1))
    .option('--repeats <n>', "rollouts per wording (default: the mode's, 1; 4 in sft, 8 in rl)", integer('--repeats', 1))
    .addOption(
      new Option(
        '--agent <spec>',
        'the agent under test: demo, command:"<command speaking JSON lines>", or a model (openai:gpt-4.1-mini, ' +
          'anthropic:claude-sonnet-4-5, compatible:<model>@<base_url>)',
      ),
    )
    .option('--simulator <spec>', 'the model that writes the situations (default: the offline template writer)')
    .option('--user-model <spec>', 'the model that plays the person (default: the offline template user)')
    .option('--judge <spec>', 'the judge model recorded with the run (a model spec, or decision:<spec>)')
    .option('--logprobs [tokens]', 'keep each model-agent turn\'s log-probability and token count ("tokens": the per-token list too)')
    .option('--temperature <x>', "the model agent's sampling temperature (default: none sent; Anthropic takes 0 to 1)", temperature)
    .option('--timeout <seconds>', 'seconds one model call may take before it is an agent error', seconds)
    .option(
      '--grader <judge>',
      'grade every row as it lands and drive the loop by its reward: what `wai grade --judge` takes (conduct, command:"node grader.mjs", ' +
        'module:./grader.mjs, a model rubric judge, decision:<model>); default: the conduct checks',
    )
    .option('--grader-version <version>', "the grader's version (default for a command or module: a hash of it and the files it names)")
    .option('--hard-share <x>', 'share of grid situations under a hard stance (ambiguous, boundary, adversarial); default 0.4', share)
    .addOption(
      new Option(
        '--patience <level>',
        "how soon people walk away from questions: every person's level, or mixed (each their own; default)",
      ).choices(PATIENCE_SETTINGS),
    )
    .option('--avg-turns <n>', 'thread length target: the person speaks at most n // 2 times (default 12)', avgTurns)
    .option('--replay-of <run-id>', "re-run exactly a previous run's situations and prompts (e.g. with another --agent)")
    .option('--name <name>', 'a name for the run')
    .option('--out <file>', 'also write the rows as JSONL')
    .action((flags: SimulateFlags) =>
      withContext(program, async (context) => {
        // The lease is taken with the run's row: no other process sees the run without its writer.
        const config = await configFrom(context, flags);
        await refuseUnrunnable(context, config);
        const { run, lease } = await createLeasedRun(context, config, 'wai simulate');
        process.stderr.write(
          `Run ${run.id} started in ${context.dataDir}. If it is interrupted, \`wai runs resume ${run.id}\` continues it.\n`,
        );
        const summary = await runInForeground(context, run.id, lease);
        printSummary(requireRun(context, run.id), summary);
        if (flags.out) {
          const written = await writeRowsFile(context, run.id, flags.out);
          process.stdout.write(`Wrote ${written} rows to ${flags.out}\n`);
        }
        const reason = summary.stopped_because;
        if (isFailedStop(reason)) process.exitCode = 1;
      }),
    );
}
