import type { ExportPreview } from '../../shared/api/exports';
import type { JobControl } from '../services/export-jobs';

/** Warnings first, then the numbers: a count is never read without its caveats. */
export function printWarnings(warnings: readonly string[]): void {
  if (warnings.length === 0) return;
  process.stdout.write(`Warnings:\n${warnings.map((warning) => `  - ${warning}`).join('\n')}\n`);
}

export function printPreviewNumbers(preview: ExportPreview): void {
  const lines = [
    `Selected ${preview.n_selected} rows (${preview.simulator_errors_excluded} simulator_error excluded, ${preview.evaluation_rows} evaluation rows)`,
    ...preview.splits.map((split) => `  ${split.split}: ${split.lines} lines from ${split.rows} rows`),
  ];
  if (preview.dropped.length > 0) {
    lines.push('Dropped:');
    for (const drop of preview.dropped) lines.push(`  ${drop.gate}: ${drop.n} (${drop.reason})`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** A job control for a command run in the foreground: Ctrl-C cancels (nothing half written), progress on a TTY. */
export function foregroundControl(): { control: JobControl; dispose: () => void } {
  const controller = new AbortController();
  const onInterrupt = () => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write('\nCancelling: nothing half written will be left (Ctrl-C again to quit now).\n');
    controller.abort();
  };
  process.on('SIGINT', onInterrupt);
  const control: JobControl = {
    signal: controller.signal,
    progress: (done, total, message) => {
      if (process.stderr.isTTY) process.stderr.write(`\r${message ? `${message}: ` : ''}${done}${total === null ? '' : `/${total}`}   `);
    },
  };
  return {
    control,
    dispose: () => {
      process.off('SIGINT', onInterrupt);
      if (process.stderr.isTTY) process.stderr.write('\n');
    },
  };
}
