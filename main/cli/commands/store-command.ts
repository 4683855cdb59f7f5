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
  const facts = report.pair_facts_added > 0 ? `\nStored DPO pairing facts for ${report.pair_facts_added.toLocaleString('en')} rows.` : '';
  const { before, rewrite } = report;
  const pages = rewrite
    ? `Rewrote the store in ${kibibytes(rewrite.after.page_bytes)} pages (it had ${kibibytes(before.page_bytes)}, ` +
      `${before.free_pages.toLocaleString('en')} of them free): ${megabytes(rewrite.before_bytes)} -> ${megabytes(rewrite.after_bytes)} ` +
      `in ${rewrite.seconds.toFixed(1)} s.`
    : `The store already uses ${kibibytes(before.page_bytes)} pages with few free: not rewritten.`;
  return `${lines}${facts}\n${pages}\n`;
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
      // On a terminal each backfill's progress rewrites its own line; the next one starts below it.
      let shown: 'lines' | 'facts' | null = null;
      const progress = (kind: 'lines' | 'facts', [ongoing, finished]: [string, string], done: number, total: number) => {
        if (!isTerminal) {
          if (done === total) process.stderr.write(`${finished}: ${total.toLocaleString('en')} rows\n`);
          return;
        }
        if (shown !== null && shown !== kind) process.stderr.write('\n');
        shown = kind;
        process.stderr.write(`\r${ongoing}: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} rows`);
      };
      const report = await optimizeStore(dataDir ?? resolveDataDir(), {
        onLines: ({ done, total }) => progress('lines', ['Preparing export lines', 'Prepared export lines'], done, total),
        onPairFacts: ({ done, total }) => progress('facts', ['Storing DPO pairing facts', 'Stored DPO pairing facts'], done, total),
        rewriteProgressDescriptor: process.stderr.fd,
      });
      if (shown !== null) process.stderr.write('\n');
      process.stdout.write(formatOptimizeReport(report));
    });
}
