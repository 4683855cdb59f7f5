import { Worker } from 'node:worker_threads';

/*
 * A thread that reports how far a file has grown towards an expected size, while this thread is blocked in one long
 * SQLite call (VACUUM INTO): it writes straight to a file descriptor, since this thread's streams cannot flush then.
 * Evaluated from this text, so it needs no file of its own in the bundles.
 */
const WATCHER = `
const { parentPort, workerData } = require('node:worker_threads');
const { statSync, writeSync } = require('node:fs');
const { file, expected, descriptor, label, everyMs } = workerData;
const megabytes = (bytes) => Math.round(bytes / 1e6).toLocaleString('en');
const timer = setInterval(() => {
  const size = statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  const share = Math.min(99, Math.floor((100 * size) / Math.max(1, expected)));
  writeSync(descriptor, label + ': ' + share + '% (' + megabytes(size) + ' of about ' + megabytes(expected) + ' MB)\\n');
}, everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  parentPort.close();
});
`;

export interface GrowthWatch {
  stop(): Promise<void>;
}

/** Writes `<label>: N% (M of about T MB)` lines to `descriptor` every `everyMs` until stopped. */
export function watchGrowth(options: { file: string; expected: number; descriptor: number; label: string; everyMs?: number }): GrowthWatch {
  const worker = new Worker(WATCHER, { eval: true, workerData: { everyMs: 2000, ...options } });
  return {
    stop: async () => {
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      await exited;
    },
  };
}
