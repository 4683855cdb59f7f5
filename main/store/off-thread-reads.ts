import type { Worker } from 'node:worker_threads';
import { statement, type Db } from './database';
import { startStoreWorker } from './store-worker';

/*
 * Long reads on a connection of their own in a worker thread, so the main process answers other requests meanwhile:
 * better-sqlite3 holds the thread for the whole of a statement, and at 1,000,000 rows the filter menus under a Judge
 * filter count for seconds (issue 25). The worker opens the store read-only (WAL: it sees every committed write) and
 * runs the statements it is sent one at a time, in order. Evaluated from this text, so it needs no file of its own
 * in the bundles; it loads the same better-sqlite3 as this thread.
 */
const READER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const prepared = new Map();
parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    if (!prepared.has(sql)) prepared.set(sql, db.prepare(sql));
    parentPort.postMessage({ id, rows: prepared.get(sql).all(parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

/** Runs one read-only statement with named parameters and resolves its rows. */
export type ReadAll = <Result>(sql: string, parameters: Record<string, unknown>) => Promise<Result[]>;

/** ReadAll on this thread's connection (a store in memory, a test). */
export const readHere =
  (db: Db): ReadAll =>
  async <Result>(sql: string, parameters: Record<string, unknown>) =>
    statement<[Record<string, unknown>], Result>(db, sql).all(parameters);

type Reply = { id: number; rows?: unknown[]; error?: string };

/** A worker thread with its own read-only connection to the store at `path`, started at the first read. */
export class OffThreadReads {
  #worker: Worker | null = null;
  #nextId = 0;
  readonly #waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();

  constructor(private readonly path: string) {}

  readonly all: ReadAll = <Result>(sql: string, parameters: Record<string, unknown>) => {
    const worker = this.#started();
    const id = (this.#nextId += 1);
    return new Promise<Result[]>((resolve, reject) => {
      this.#waiting.set(id, { resolve: (rows) => resolve(rows as Result[]), reject });
      // Held while a read is waiting, so a process with nothing else to do waits for it too.
      worker.ref();
      worker.postMessage({ id, sql, parameters });
    });
  };

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await worker.terminate();
  }

  #started(): Worker {
    if (this.#worker) return this.#worker;
    this.#worker = startStoreWorker<Reply>(READER, { path: this.path }, 'The store reader stopped.', {
      reply: (reply) => this.#settle(reply),
      stop: (worker, error) => {
        if (this.#worker === worker) this.#worker = null;
        this.#failAll(error);
      },
    });
    return this.#worker;
  }

  #settle(reply: Reply): void {
    const waiting = this.#waiting.get(reply.id);
    this.#waiting.delete(reply.id);
    if (this.#waiting.size === 0) this.#worker?.unref();
    if (!waiting) return;
    if (reply.error !== undefined) waiting.reject(new Error(reply.error));
    else waiting.resolve(reply.rows ?? []);
  }

  #failAll(error: Error): void {
    for (const waiting of this.#waiting.values()) waiting.reject(error);
    this.#waiting.clear();
  }
}
