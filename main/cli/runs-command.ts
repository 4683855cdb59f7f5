import type { Command } from 'commander';
import type { RunSummary } from '../../shared/domain';
import { listRuns } from '../services/runs-service';
import { withContext } from './cli-context';
import { formatTable } from './format-table';

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
}
