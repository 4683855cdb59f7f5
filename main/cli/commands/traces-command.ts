import type { Command } from 'commander';
import { basename } from 'node:path';
import type { FailureMap } from '../../../shared/api/traces';
import { ServiceError } from '../../services/app/service-error';
import { importTraces, traceFailureMap } from '../../services/traces/traces-service';
import { readTextFile } from '../../services/app/text-file';
import { withContext } from '../cli-context';
import { formatTable } from '../format-table';

const MAP_ROWS = 20;

function rate(value: number | null): string {
  return value === null ? '-' : value.toFixed(2);
}

/** Warnings first, then the cells that matter most; `intro` goes after the warnings and before the numbers. */
function printMap(map: FailureMap, before: { warnings?: readonly string[]; intro?: string } = {}): void {
  const lines = [...(before.warnings ?? []), ...map.warnings].map((warning) => `warning: ${warning}`);
  if (lines.length > 0) lines.push('');
  if (before.intro) lines.push(before.intro, '');
  const versions = map.compares_versions ? `, ${map.previous_version} -> ${map.current_version}` : '';
  lines.push(
    `${map.n_traces} ${map.n_traces === 1 ? 'trace' : 'traces'}, ${map.n_graded} graded, ${map.n_failures} failing, ${map.n_faulted} ` +
      `with a tool fault${versions}`,
  );
  const cells = map.cells.slice(0, MAP_ROWS);
  if (cells.length > 0) {
    lines.push(
      '',
      formatTable(
        ['status', 'tool', 'tool condition', 'world state', 'traces', 'failures', 'fail rate', 'priority'],
        cells.map((cell) => [
          `${cell.status}${cell.low_support ? ' (low n)' : ''}`,
          cell.tool,
          cell.tool_condition,
          cell.world_state,
          cell.traces,
          cell.failures,
          rate(cell.fail_rate),
          cell.priority.toFixed(3),
        ]),
      ),
    );
    if (map.cells.length > cells.length) lines.push(`... and ${map.cells.length - cells.length} more cells (--json prints all)`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function readTraceFile(path: string): Promise<{ name: string; text: string }> {
  return { name: basename(path), text: await readTextFile(path, basename(path)) };
}

/** `wai traces import FILE...` and `wai traces map`: production traces into the store, and what fails in them. */
export function registerTracesCommand(program: Command): void {
  const traces = program.command('traces').description("import your agent's graded traces and see which situations fail");
  traces
    .command('import')
    .description('import OTLP JSON (GenAI conventions or OpenInference attributes) or JSONL rows; a malformed file imports nothing')
    .argument('<files...>')
    .option('--reward-key <key...>', 'attribute or key to read the reward from (default whileai.reward; JSONL also reward, pass)')
    .option('--json', 'print the import and the failure map as JSON')
    .action((paths: string[], flags: { rewardKey?: string[]; json?: boolean }) =>
      withContext(program, async (context) => {
        const files = await Promise.all(paths.map(readTraceFile));
        let entry;
        try {
          entry = importTraces(context, { files, ...(flags.rewardKey ? { reward_keys: flags.rewardKey } : {}) });
        } catch (error) {
          if (ServiceError.isInstance(error) && error.issues) {
            for (const issue of error.issues) process.stderr.write(`${issue.path}: ${issue.message}\n`);
          }
          throw error;
        }
        const map = traceFailureMap(context, [entry.id]);
        if (flags.json) return void process.stdout.write(`${JSON.stringify({ import: entry, map }, null, 2)}\n`);
        const formats = entry.files.map((file) => `${file.file} (${file.format}, ${file.rows})`).join(', ');
        // Nothing new: the warnings already say which import holds these traces.
        printMap(map, {
          warnings: entry.warnings,
          ...(entry.stored
            ? { intro: `Imported ${entry.n_rows} ${entry.n_rows === 1 ? 'trace' : 'traces'} as ${entry.id}: ${formats}` }
            : {}),
        });
      }),
    );
  traces
    .command('map')
    .description('the failure map: which situations fail, which are new since the previous model version, which stopped failing')
    .option('--import <id...>', 'only these imports (default all)')
    .option('--json', 'print the map as JSON')
    .action((flags: { import?: string[]; json?: boolean }) =>
      withContext(program, (context) => {
        const map = traceFailureMap(context, flags.import);
        if (flags.json) return void process.stdout.write(`${JSON.stringify(map, null, 2)}\n`);
        if (map.n_traces === 0)
          return void process.stdout.write(`No traces imported yet in ${context.dataDir}: wai traces import FILE...\n`);
        printMap(map);
      }),
    );
}
