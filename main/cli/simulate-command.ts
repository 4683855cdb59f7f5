import { type Command, InvalidArgumentError, Option } from 'commander';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { once } from 'node:events';
import { RunConfig, type RunConfigInput, type SimulationSummary } from '../../shared/domain';
import { parseSpecText } from '../../engine/index';
import type { AppContext } from '../services/app-context';
import { executeRun } from '../services/run-executor';
import { createRun, requireRun } from '../services/runs-service';
import { ServiceError } from '../services/service-error';
import { iterateRows } from '../store/rows-repository';
import { getSpec } from '../store/specs-repository';
import { withContext } from './cli-context';
import { printSummary } from './print-summary';

export const integer = (name: string, minimum: number) => (value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < minimum) throw new InvalidArgumentError(`${name} is a whole number of at least ${minimum}`);
  return number;
};

const share = (value: string) => {
  const number = Number(value);
  if (!(number >= 0 && number <= 1)) throw new InvalidArgumentError('a share from 0 to 1');
  return number;
};

interface SimulateFlags {
  describe?: string;
  spec?: string;
  rows: number;
  seed: number;
  concurrency: number;
  faultRate: number;
  preferSuccess: boolean;
  situations?: number;
  phrasings: number;
  repeats: number;
  agent?: string;
  out?: string;
  name?: string;
}

async function configFrom(flags: SimulateFlags): Promise<RunConfig> {
  if (Boolean(flags.describe) === Boolean(flags.spec)) throw new ServiceError('VALIDATION_FAILED', 'Give exactly one of --describe "SENTENCE" or --spec FILE.');
  const source: RunConfigInput['source'] = flags.describe
    ? { kind: 'describe', sentence: flags.describe }
    : { kind: 'spec', spec: parseSpecText(await readFile(flags.spec!, 'utf8'), flags.spec!) };
  const input: RunConfigInput = {
    source,
    budget: flags.rows,
    seed: flags.seed,
    concurrency: flags.concurrency,
    fault_rate: flags.faultRate,
    prefer_success: flags.preferSuccess,
    phrasings: flags.phrasings,
    repeats: flags.repeats,
    ...(flags.situations === undefined ? {} : { situations: flags.situations }),
    ...(flags.agent ? { models: { agent: flags.agent } } : {}),
    ...(flags.name ? { name: flags.name } : {}),
  };
  return RunConfig.parse(input);
}

/** Writes a run's rows as JSONL in plan order, each with the run's system prompt and tool schemas. */
export async function writeRowsFile(context: AppContext, runId: string, path: string): Promise<number> {
  const run = requireRun(context, runId);
  const spec = run.spec_id ? getSpec(context.db, run.spec_id) : undefined;
  const out = createWriteStream(path);
  let count = 0;
  for (const row of iterateRows(context.db, runId)) {
    const { privileged: _privileged, ...exported } = row;
    if (!out.write(`${JSON.stringify({ ...exported, system_prompt: spec?.system_prompt ?? '', tools: spec?.tools ?? [] })}\n`)) await once(out, 'drain');
    count++;
  }
  out.end();
  await once(out, 'finish');
  return count;
}

/** Runs a stored run in this process; the first Ctrl-C stops it after the rollouts in flight. */
export async function runInForeground(context: AppContext, runId: string): Promise<SimulationSummary> {
  let cancelled = false;
  const onInterrupt = () => {
    if (cancelled) process.exit(130);
    cancelled = true;
    process.stderr.write('\nStopping after the rollouts in flight (Ctrl-C again to quit now; `wai runs resume` continues).\n');
  };
  process.on('SIGINT', onInterrupt);
  try {
    return await executeRun({
      db: context.db,
      runId,
      isCancelled: () => cancelled,
      onProgress: (progress) => {
        if (process.stderr.isTTY) process.stderr.write(`\r${progress.rows_done}/${progress.budget} rows, ${progress.rows_per_second} rows/s   `);
      },
    });
  } finally {
    process.off('SIGINT', onInterrupt);
    if (process.stderr.isTTY) process.stderr.write('\n');
  }
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
    .option('--fault-rate <x>', 'share of fault-tagged cells that keep their fault', share, 0.5)
    .option('--no-prefer-success', 'keep every fault cell instead of flipping nine in ten to success')
    .option('--situations <n>', 'stop after this many situations', integer('--situations', 1))
    .option('--phrasings <n>', 'wordings per situation', integer('--phrasings', 1), 1)
    .option('--repeats <n>', 'rollouts per wording', integer('--repeats', 1), 1)
    .addOption(new Option('--agent <spec>', 'the agent under test: demo, or command:"<command speaking JSON lines>"'))
    .option('--name <name>', 'a name for the run')
    .option('--out <file>', 'also write the rows as JSONL')
    .action((flags: SimulateFlags) =>
      withContext(program, async (context) => {
        const run = await createRun(context, await configFrom(flags));
        process.stderr.write(`Run ${run.id} started in ${context.dataDir}. If it is interrupted, \`wai runs resume ${run.id}\` continues it.\n`);
        const summary = await runInForeground(context, run.id);
        printSummary(requireRun(context, run.id), summary);
        if (flags.out) {
          const written = await writeRowsFile(context, run.id, flags.out);
          process.stdout.write(`Wrote ${written} rows to ${flags.out}\n`);
        }
        if (summary.stopped_because === 'agent_failed') process.exitCode = 1;
      }),
    );
}
