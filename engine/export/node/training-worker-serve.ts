// The loop of one worker thread of a parallel SFT export: it reads its pages of rows itself, builds, checks,
// serialises and UTF-8-encodes the lines, and sends each page as one transferred buffer with its gate counts, never
// more than `maxAhead` pages ahead of the writer. Entries: training-worker.ts (the page module named by the caller,
// loaded from source) or a bundle that passes its page module in (the desktop app's export worker).
import { parentPort, workerData } from 'node:worker_threads';
import type { ExportInput } from '../export-input';
import { TrainingTally } from '../formats/training-tally';
import { PageBytes } from './page-bytes';
import type { RowPageModule, TrainingWorkerCommand, TrainingWorkerInput, TrainingWorkerMessage } from './training-worker-protocol';

/** Serves the pages of this worker's share of the export from `source` (or the module the caller named). */
export function serveTrainingPages(source?: RowPageModule): void {
  const input = workerData as TrainingWorkerInput;
  const port = parentPort!;
  let credits = input.maxAhead;
  let stopped = false;
  let wake: (() => void) | null = null;
  /** Page buffers the writer has finished with, ready for the next pages. */
  const free: ArrayBuffer[] = [];

  port.on('message', (command: TrainingWorkerCommand) => {
    if (command.type === 'ack') {
      credits += 1;
      free.push(command.buffer);
    } else stopped = true;
    wake?.();
    wake = null;
  });

  const post = (message: TrainingWorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  const options = { ...input.options, validate: false };

  /** One page: every row through the tally's gates (the refusal is decided in the main thread once every page is in). */
  async function buildPage(pages: RowPageModule, page: number): Promise<void> {
    const start = page * input.pageRows;
    const rows = await pages.rowPage(input.data, start, Math.min(input.total, start + input.pageRows));
    const tally = new TrainingTally(input.context, options);
    const encoded = new PageBytes(input.pageRows * 4096, free.pop());
    let lines = 0;
    const add = (row: ExportInput) => {
      for (const line of tally.rowLines(row, options)) {
        encoded.add(line);
        lines += 1;
      }
    };
    // A generator (the store, a list) is read without a promise per row; only a stream is awaited.
    if (Symbol.asyncIterator in rows) for await (const row of rows) add(row);
    else for (const row of rows) add(row);
    if (encoded.newlines() !== lines) throw new Error(`a line of page ${page} contains a newline: not a JSONL line`);
    const bytes = encoded.take();
    post({ type: 'page', page, lines, bytes, state: tally.state(), metadata: tally.takeMetadata() }, [bytes.buffer as ArrayBuffer]);
  }

  async function run(): Promise<void> {
    const pages = source ?? ((await import(input.module)) as RowPageModule);
    for (let page = input.index; page * input.pageRows < input.total; page += input.workers) {
      while (credits === 0 && !stopped) await new Promise<void>((resolve) => (wake = resolve));
      if (stopped) return;
      credits -= 1;
      await buildPage(pages, page);
    }
  }

  run()
    .catch((error: unknown) => post({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }))
    .finally(() => port.close());
}
