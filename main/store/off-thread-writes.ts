import type { Worker } from 'node:worker_threads';
import { CONNECTION_PRAGMAS } from './database';
import { startStoreWorker } from './store-worker';
import type { StoreWrite } from './store-write';

/*
 * Writes on a connection of their own in a worker thread, so the thread that builds them goes on meanwhile: a model
 * run's rows cost ~1.6 ms each to store (the triggers of migrations 013-017 and the search index run in the write),
 * a third of the run's thread at 32 model calls in flight (issue 23). Each list of writes is one IMMEDIATE
 * transaction, committed in the order sent; once one fails, no later one is applied, so what is stored stays a prefix
 * of what was sent. Evaluated from this text (as off-thread-reads.ts), with the same better-sqlite3 as this thread.
 */
const WRITER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
for (const pragma of workerData.pragmas) db.pragma(pragma);
const prepared = new Map();
let failure = null;
const commit = db.transaction((writes) => {
  writes.forEach((write, index) => {
    if (!prepared.has(write.sql)) prepared.set(write.sql, db.prepare(write.sql));
    const statement = prepared.get(write.sql);
    const { changes } = Array.isArray(write.parameters) ? statement.run(...write.parameters) : statement.run(write.parameters);
    if (write.mustChangeOne !== undefined && changes !== 1) throw Object.assign(new Error(write.mustChangeOne), { index });
  });
});
parentPort.on('message', ({ id, writes }) => {
  if (failure !== null) return parentPort.postMessage({ id, ok: false, message: 'An earlier write failed: ' + failure });
  try {
    commit.immediate(writes);
    parentPort.postMessage({ id, ok: true });
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
    parentPort.postMessage({ id, ok: false, message: failure, index: error && error.index });
  }
});
`;

/** How a list of writes ended: committed, or rolled back by the failure of the write at `index` (when it was one). */
export type WriteOutcome = { ok: true } | { ok: false; message: string; index?: number };

type Reply = { id: number } & WriteOutcome;

/** A worker thread with its own connection to the store at `path`, started at the first write. */
export class OffThreadWrites {
  #worker: Worker | null = null;
  #nextId = 0;
  #failure: string | null = null;
  readonly #waiting = new Map<number, (outcome: WriteOutcome) => void>();

  constructor(private readonly path: string) {}

  /** Commits `writes` in one transaction after every list sent before; never rejects. */
  write(writes: readonly StoreWrite[]): Promise<WriteOutcome> {
    if (this.#failure !== null) return Promise.resolve({ ok: false, message: `An earlier write failed: ${this.#failure}` });
    const worker = this.#started();
    const id = (this.#nextId += 1);
    return new Promise<WriteOutcome>((resolve) => {
      this.#waiting.set(id, resolve);
      // Held while a write is waiting, so a process with nothing else to do waits for it to commit.
      worker.ref();
      worker.postMessage({ id, writes });
    });
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await worker.terminate();
  }

  #started(): Worker {
    if (this.#worker) return this.#worker;
    this.#worker = startStoreWorker<Reply>(WRITER, { path: this.path, pragmas: CONNECTION_PRAGMAS }, 'The store writer stopped.', {
      reply: (reply) => this.#settle(reply),
      stop: (worker, error) => {
        if (this.#worker === worker) this.#worker = null;
        this.#failAll(error.message);
      },
    });
    return this.#worker;
  }

  #settle({ id, ...outcome }: Reply): void {
    const resolve = this.#waiting.get(id);
    this.#waiting.delete(id);
    if (this.#waiting.size === 0) this.#worker?.unref();
    if (!outcome.ok) this.#failure ??= outcome.message;
    resolve?.(outcome);
  }

  #failAll(message: string): void {
    this.#failure ??= message;
    for (const resolve of this.#waiting.values()) resolve({ ok: false, message });
    this.#waiting.clear();
  }
}
