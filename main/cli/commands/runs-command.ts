import type { Command } from 'commander';
import type { RunSummary } from '../../../shared/domain';
import { listRuns, requireRun, runDetail } from '../../services/runs/runs-service';
import { withContext } from '../cli-context';
import { formatTable } from '../format-table';
import { printSummary } from '../print-summary';
import { writeRowsFile } from '../../services/runs/rows-file';
import { leaseForCommand, runInForeground } from './simulate-command';

function passRate(run: RunSummary): string {
  return run.n_graded === 0 ? '-' : `${((100 * run.n_pass) / run.n_graded).toFixed(0)}% of ${run.n_graded}`;
}

export function registerRunsCommand(program: Command): void {
  const runs = program.command('runs').description('list and inspect runs in the store');
  runs
    .command('list')
    .description('list runs, newest first')
    .option('--limit <n>', 'how many', (value) => Number.parseInt(value, 10), 100)
    .option('--json', 'print JSON instead of a table')
    .action((options: { limit: number; json?: boolean }) =>
      withContext(program, (context) => {
        const { runs: list, total } = listRuns(context, { limit: options.limit, offset: 0 });
        if (options.json) return void process.stdout.write(`${JSON.stringify({ runs: list, total }, null, 2)}\n`);
        if (total === 0) {
          return void process.stdout.write(`No runs yet in ${context.dataDir}.\n`);
        }
        const table = formatTable(
          ['id', 'name', 'status', 'rows', 'coverage', 'pass', 'degraded', 'created'],
          list.map((run) => [
            run.id,
            run.name,
            run.status,
            run.rows_done,
            run.pairwise?.fraction == null ? '-' : run.pairwise.fraction.toFixed(2),
            passRate(run),
            run.degraded.join(',') || '-',
            run.created_at,
          ]),
        );
        process.stdout.write(`${table}\n${list.length} of ${total} runs\n`);
      }),
    );

  runs
    .command('show')
    .description("print a run's warnings, coverage and counts")
    .argument('<run-id>')
    .option('--json', 'print the run and its summary as JSON')
    .action((runId: string, options: { json?: boolean }) =>
      withContext(program, (context) => {
        const { run, summary } = runDetail(context, runId);
        if (options.json) return void process.stdout.write(`${JSON.stringify({ run, summary }, null, 2)}\n`);
        if (!summary)
          return void process.stdout.write(`Run ${run.id} is ${run.status} with ${run.rows_done} rows stored and no summary yet.\n`);
        printSummary(run, summary);
      }),
    );
  runs
    .command('resume')
    .description('continue a cancelled or interrupted run from its stored rows, in this terminal')
    .argument('<run-id>')
    .option('--out <file>', "also write all the run's rows as JSONL")
    .action((runId: string, options: { out?: string }) =>
      withContext(program, async (context) => {
        const run = requireRun(context, runId);
        if (run.status === 'completed') throw new Error(`Run ${runId} is complete; start a new run to go further.`);
        const lease = leaseForCommand(context, runId, 'runs resume');
        // Read under the lease: a writer that stopped may have stored rows until a moment ago.
        process.stderr.write(`Resuming run ${runId} from its ${requireRun(context, runId).rows_done} stored rows.\n`);
        const summary = await runInForeground(context, runId, lease);
        printSummary(requireRun(context, runId), summary);
        if (options.out) process.stdout.write(`Wrote ${await writeRowsFile(context, runId, options.out)} rows to ${options.out}\n`);
      }),
    );
}
