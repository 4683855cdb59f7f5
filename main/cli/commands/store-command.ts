import type { Command } from 'commander';
import { resolveDataDir } from '../../services/app/data-dir';
import { optimizeStore, type OptimizeReport } from '../../services/store/store-optimize-service';

const kibibytes = (bytes: number) => `${bytes / 1024} KiB`;
const megabytes = (bytes: number) => `${Math.round(bytes / 1e6).toLocaleString('en')} MB`;

/** What optimize did, in two sentences. */
export function formatOptimizeReport(report: OptimizeReport): string {
  const unprepared = report.lines_unprepared.toLocaleString('en');
  const lines =
    report.lines_added > 0
      ? `Prepared export lines for ${report.lines_added.toLocaleString('en')} rows` +
        (report.lines_unprepared > 0 ? ` (${unprepared} cannot be prepared and are read whole, as before).` : '.')
      : 'Every row that can have a prepared export line has one' +
        (report.lines_unprepared > 0 ? ` (${unprepared} cannot, and are read whole).` : '.');
  const { before, rewrite } = report;
  const pages = rewrite
    ? `Rewrote the store in ${kibibytes(rewrite.after.page_bytes)} pages (it had ${kibibytes(before.page_bytes)}, ` +
      `${before.free_pages.toLocaleString('en')} of them free): ${megabytes(rewrite.before_bytes)} -> ${megabytes(rewrite.after_bytes)} ` +
      `in ${rewrite.seconds.toFixed(1)} s.`
    : `The store already uses ${kibibytes(before.page_bytes)} pages with few free: not rewritten.`;
  return `${lines}\n${pages}\n`;
}

export function registerStoreCommand(program: Command): void {
  const store = program.command('store').description('look after the run store itself');
  store
    .command('optimize')
    .description(
      'give rows stored before prepared export lines theirs, and rewrite a store made before 8 KiB pages (VACUUM INTO a file ' +
        'beside it, then swapped in at once); exports then read it faster. Close the app and browser mode first: it refuses ' +
        'while another process has the store open',
    )
    .action(async () => {
      const { dataDir } = program.opts<{ dataDir?: string }>();
      const isTerminal = process.stderr.isTTY;
      const report = await optimizeStore(dataDir ?? resolveDataDir(), {
        onLines: ({ done, total }) => {
          if (isTerminal)
            process.stderr.write(`\rPreparing export lines: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} rows`);
          else if (done === total) process.stderr.write(`Prepared export lines: ${total.toLocaleString('en')} rows\n`);
        },
        rewriteProgressDescriptor: process.stderr.fd,
      });
      if (isTerminal && report.lines_added + report.lines_unprepared > 0) process.stderr.write('\n');
      process.stdout.write(formatOptimizeReport(report));
    });
}
