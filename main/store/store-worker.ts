import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface StoreWorkerHandlers<Reply> {
  reply(reply: Reply): void;
  /** The thread failed or ended: `error` says why (`stopped` for an end without an error). */
  stop(worker: Worker, error: Error): void;
}

/**
 * A worker thread evaluated from `source` (off-thread-reads.ts, off-thread-writes.ts), given the path of the same
 * better-sqlite3 this thread loads as `workerData.driver`. Unreferenced: its owner refs it while work waits.
 */
export function startStoreWorker<Reply>(source: string, data: object, stopped: string, handlers: StoreWorkerHandlers<Reply>): Worker {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(source, { eval: true, workerData: { driver, ...data } });
  worker.on('message', (reply: Reply) => handlers.reply(reply));
  worker.on('error', (error) => handlers.stop(worker, error));
  worker.on('exit', () => handlers.stop(worker, new Error(stopped)));
  worker.unref();
  return worker;
}
