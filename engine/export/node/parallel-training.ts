import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ExportCancelledError } from '../export-cancelled-error';
import type { RunContext } from '../export-input';
import { ExportRefusedError } from '../export-refused-error';
import type { TrainingExportOptions, TrainingReport } from '../formats/training-export';
import { MetadataNumbering } from '../formats/metadata-line';
import { TrainingTally } from '../formats/training-tally';
import { type JsonlChunk, writeJsonlChunks, type WriteOptions, type WriteResult } from './jsonl-writer';
import type { TrainingWorkerInput, TrainingWorkerMessage } from './training-worker-protocol';

/** Rows the workers read themselves: `module` exports `rowPage(data, start, end)` (see RowPageModule). */
export interface PagedRows {
  module: string | URL;
  data: unknown;
  /** Rows in the export; pages cover [0, total). */
  total: number;
}

export interface ParallelTrainingOptions extends TrainingExportOptions {
  /**
   * Worker threads (default: one per core, 1 to 4). The writing thread only hands finished buffers to the disk, so
   * it needs no core of its own: on 2 cores two workers measured faster than one.
   */
  workers?: number;
  /** Rows per page (default 256): the unit a worker builds and the writer takes in file order. */
  pageRows?: number;
  /** Pages a worker may run ahead of the writer (default 4): memory stays at about workers x maxAhead pages. */
  maxAhead?: number;
  /**
   * The worker entry (default the tsx bootstrap beside this file, which loads `rows.module` from source; a bundled
   * app passes its own, which calls `serveTrainingPages` with its page module).
   */
  workerUrl?: string | URL;
}

type PageMessage = Extract<TrainingWorkerMessage, { type: 'page' }>;

/**
 * A worker's young generation: its rows die young, and V8's default (sized for a main thread) grew each worker's heap
 * to 53 MB against 36 MB at this size, with no loss of speed (100,000 stored rows on two workers peaked at 370 MB
 * against 335 MB).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 16 };

export function defaultTrainingWorkerUrl(): URL {
  return new URL('./training-worker-boot.mjs', import.meta.url);
}

/**
 * The SFT export on several threads, written as one file in row order (with sidecar metadata, its sidecar too: pass
 * `write.sidecar` naming the file; the lines come from the workers). Each worker reads, builds, validates and
 * serialises every line of its pages (every gate runs on every line, as in `exportTraining`); this thread writes the
 * pages in order and adds up their gate counts, so the report is the one a single pass would give. With `validate`
 * on, a failed gate refuses the file at the end and nothing is left; a cancel through `write.signal` stops the
 * workers and leaves no file either.
 */
export async function writeTrainingParallel(
  rows: PagedRows,
  context: RunContext | null,
  options: ParallelTrainingOptions,
  write: WriteOptions,
): Promise<{ written: WriteResult; report: TrainingReport }> {
  const pageRows = Math.max(1, options.pageRows ?? 256);
  const pageCount = Math.ceil(rows.total / pageRows);
  const workerCount = Math.max(1, Math.min(options.workers ?? Math.min(4, availableParallelism()), pageCount));
  const { workers: _workers, pageRows: _pageRows, maxAhead: _maxAhead, workerUrl: _workerUrl, ...trainingOptions } = options;
  const tally = new TrainingTally(context, trainingOptions);
  const arrived = new Map<number, PageMessage>();
  let waiting: { page: number; resolve: (message: PageMessage) => void; reject: (error: Error) => void } | null = null;
  let failure: Error | null = null;
  let finished = false;

  const fail = (error: Error) => {
    if (failure || finished) return;
    failure = error;
    waiting?.reject(error);
    waiting = null;
  };
  const threads =
    pageCount === 0
      ? []
      : Array.from({ length: workerCount }, (_, index) => {
          const input: TrainingWorkerInput = {
            module: String(rows.module),
            data: rows.data,
            total: rows.total,
            pageRows,
            index,
            workers: workerCount,
            maxAhead: Math.max(1, options.maxAhead ?? 4),
            context,
            options: trainingOptions,
          };
          // No inherited execArgv: under tsx the parent's loader flags would run tsx's hooks in every worker on top of the
          // boot file's own (a bundled entry needs none), a second of CPU per worker spent compiling.
          const worker = new Worker(options.workerUrl ?? defaultTrainingWorkerUrl(), {
            workerData: input,
            execArgv: [],
            resourceLimits: WORKER_LIMITS,
          });
          worker.on('message', (message: TrainingWorkerMessage) => {
            if (message.type === 'error') return fail(new Error(`export worker ${index}: ${message.message}`));
            if (waiting?.page === message.page) {
              const { resolve } = waiting;
              waiting = null;
              resolve(message);
            } else arrived.set(message.page, message);
          });
          worker.on('error', (error) => fail(error));
          worker.on('exit', (code) => {
            if (code !== 0) fail(new Error(`export worker ${index} stopped with code ${code}`));
          });
          return worker;
        });
  const onAbort = () => fail(new ExportCancelledError());
  write.signal?.addEventListener('abort', onAbort);

  const nextPage = (page: number): Promise<PageMessage> => {
    if (failure) return Promise.reject(failure);
    const message = arrived.get(page);
    if (message) {
      arrived.delete(page);
      return Promise.resolve(message);
    }
    return new Promise((resolve, reject) => (waiting = { page, resolve, reject }));
  };

  const numbering = new MetadataNumbering();
  async function* chunks(): AsyncGenerator<JsonlChunk> {
    let offset = 0;
    for (let page = 0; page < pageCount; page++) {
      const message = await nextPage(page);
      tally.absorb(message.state, offset);
      offset += message.lines;
      const thread = threads[page % workerCount]!;
      const buffer = message.bytes.buffer as ArrayBuffer;
      // The page's buffer goes back to its worker once written: pages reuse memory instead of faulting in fresh pages.
      yield {
        bytes: message.bytes,
        lines: message.lines,
        written: () => (finished ? undefined : thread.postMessage({ type: 'ack', buffer }, [buffer])),
        sidecar: numbering.lines(message.metadata),
      };
    }
    if (options.validate ?? true) {
      const reasons = tally.refusals();
      if (reasons.length > 0) throw new ExportRefusedError({ reasons, report: tally.report() });
    }
  }

  try {
    const written = await writeJsonlChunks(chunks(), write);
    return { written, report: tally.report() };
  } finally {
    finished = true;
    write.signal?.removeEventListener('abort', onAbort);
    await Promise.all(threads.map((thread) => thread.terminate()));
  }
}
