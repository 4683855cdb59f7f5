import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RunStatus } from '../../../shared/domain';
import { releaseRunLease, runLeaseToken } from '../../store/runs/run-leases-repository';
import { getRun, runIdsWithStatus, updateRun } from '../../store/runs/runs-repository';
import type { AppContext } from '../app/app-context';
import { leaseProgram, liveLeaseOf, RunLease } from './run-lease';
import { CANCEL_SLOT, type WorkerCommand, type WorkerInput, type WorkerMessage } from './run-worker-protocol';
import { storedKeys } from '../settings/secrets';
import { ServiceError } from '../app/service-error';

/** The worker from source: a bootstrap that registers tsx, which then compiles every module the thread imports. */
export function sourceWorkerPath(): URL {
  return new URL('./run-worker-boot.mjs', import.meta.url);
}

/** Folders whose TypeScript the bundled worker is built from; a newer file there means the bundle is stale. */
const SOURCE_FOLDERS = ['engine', 'shared', 'main'];

function newestSource(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== '__fixtures__') newest = Math.max(newest, newestSource(join(folder, entry.name)));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      newest = Math.max(newest, statSync(join(folder, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/**
 * `dist/electron/run-worker.cjs` under the repository `root` when no TypeScript source there (engine, shared, main;
 * tests aside) is newer than it: a stale bundle would run old code. Null when there is none, or it is stale.
 */
export function freshBundleIn(root: string): string | null {
  const bundle = join(root, 'dist', 'electron', 'run-worker.cjs');
  try {
    const built = statSync(bundle).mtimeMs;
    return SOURCE_FOLDERS.every((folder) => newestSource(join(root, folder)) <= built) ? bundle : null;
  } catch {
    return null;
  }
}

/**
 * The bundled worker, built by `npm run build`: beside this file in the desktop bundle; from source (browser mode
 * under tsx), the repository's when it is fresh. Null when there is none to use.
 */
export function bundledWorkerPath(): string | null {
  if (typeof __dirname === 'string') {
    const beside = join(__dirname, 'run-worker.cjs');
    if (existsSync(beside)) return beside;
  }
  const url = import.meta.url as string | undefined;
  return url?.startsWith('file:') ? freshBundleIn(fileURLToPath(new URL('../../..', url))) : null;
}

/**
 * Where the worker entry is: the bundled file when there is a fresh one (it starts in a fraction of a second), else
 * the tsx bootstrap from source (seconds on a busy machine: a thread compiles its modules again).
 */
export function defaultWorkerPath(): URL | string {
  return bundledWorkerPath() ?? sourceWorkerPath();
}

interface ActiveRun {
  worker: Worker;
  /** The run's cancel flag, shared with the worker (slot CANCEL_SLOT). */
  cancel: Int32Array;
}

/**
 * The runs executing in worker threads of this process. A worker executes one run at a time and outlives it: one
 * idle worker is kept (warm), so the next start or resume hands its run to a thread that is already up.
 */
export class RunJobs {
  readonly #active = new Map<string, ActiveRun>();
  #idle: Worker | undefined;
  #stopping = false;

  constructor(
    private readonly context: AppContext,
    private readonly workerPath?: URL | string,
  ) {}

  isActive(runId: string): boolean {
    return this.#active.has(runId);
  }

  /** Starts a worker ahead of the first run (it boots while the person writes the spec); a no-op when one is idle. */
  warm(): void {
    if (this.#idle || this.#stopping) return;
    this.#park(this.#spawn());
  }

  /**
   * Starts (or resumes) a stored run in a worker thread; progress and the end reach the event bus. Takes the run's
   * lease first (or is handed the one taken when the run was created): throws ServiceError CONFLICT when another
   * process (the CLI, another window's server) writes it.
   */
  start(runId: string, taken?: RunLease): void {
    if (this.#active.has(runId)) return;
    const { db } = this.context;
    const lease = taken ?? RunLease.acquire(db, runId, leaseProgram(this.context.mode));
    const keys = storedKeys(this.context.keys);
    let worker: Worker;
    try {
      worker = this.#takeIdle() ?? this.#spawn();
    } catch (error) {
      lease.release();
      throw error;
    }
    worker.ref();
    const cancel = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    this.#active.set(runId, { worker, cancel: new Int32Array(cancel) });
    let finished = false;
    const finish = (error?: Error) => {
      if (finished) return;
      finished = true;
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      this.#active.delete(runId);
      const ended = db
        .transaction(() => {
          const run = getRun(db, runId);
          if (!run) return undefined;
          const token = runLeaseToken(db, runId);
          // Taken over by another process while the thread stalled: the run is that process's to write now.
          if (token !== undefined && token !== lease.holder.token) return run;
          if (run.status === 'running' || run.status === 'queued') {
            // Stopped with the app: it resumes at the next start. Otherwise the thread died under it.
            const status: RunStatus = this.#stopping ? 'interrupted' : 'failed';
            const reason = this.#stopping ? null : (error?.message ?? 'The run stopped unexpectedly.');
            updateRun(db, runId, { status, error: reason }, this.context.now().toISOString());
          }
          releaseRunLease(db, runId, lease.holder.token);
          return getRun(db, runId);
        })
        .immediate();
      if (!ended) return;
      this.context.events.emit('run-end', { run_id: runId, status: ended.status, stopped_because: ended.stopped_because });
    };
    const onMessage = (message: WorkerMessage) => {
      switch (message.type) {
        case 'progress':
          this.context.events.emit('run-progress', message.progress);
          return;
        case 'end':
          // The run's end is stored: it is over now (a grade may start at once), and the thread is free for the next.
          finish();
          this.#park(worker);
          return;
        case 'error':
          // The executor stored the error on the run (unless the lease was lost meanwhile); a fresh thread runs the next.
          finish(new Error(message.message));
          this.#retire(worker);
          return;
        case 'lease-lost':
          finish();
          this.#retire(worker);
          return;
        default: {
          const unreachable: never = message;
          return unreachable;
        }
      }
    };
    const onError = (error: Error) => finish(error);
    const onExit = () => finish();
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    const command: WorkerCommand = { type: 'run', runId, lease: lease.holder, cancel, ...(Object.keys(keys).length > 0 ? { keys } : {}) };
    worker.postMessage(command);
  }

  /**
   * Asks a run to stop after the rollouts in flight (the worker reads the flag between rows, without waiting for its
   * event loop); returns false when it is not running here.
   */
  cancel(runId: string): boolean {
    const active = this.#active.get(runId);
    if (!active) return false;
    Atomics.store(active.cancel, CANCEL_SLOT, 1);
    return true;
  }

  /**
   * Runs left `running` (or still `queued`: stored, its thread not yet started) by a process that died are marked
   * interrupted, then resumed from their stored rows. A run another living process writes (a `wai simulate` in a
   * terminal) is left to it. Called as the app starts: a worker is then kept ready for the next run.
   */
  resumeInterrupted(): string[] {
    const { db } = this.context;
    const now = this.context.now().toISOString();
    for (const runId of [...runIdsWithStatus(db, 'running'), ...runIdsWithStatus(db, 'queued')]) {
      if (!this.#active.has(runId) && !liveLeaseOf(db, runId)) updateRun(db, runId, { status: 'interrupted' }, now);
    }
    const resumed: string[] = [];
    for (const runId of runIdsWithStatus(db, 'interrupted')) {
      if (liveLeaseOf(db, runId)) continue;
      try {
        this.start(runId);
        resumed.push(runId);
      } catch (error) {
        // Taken by another process between the check and the start: it is that process's run.
        if (!ServiceError.isInstance(error) || error.code !== 'CONFLICT') throw error;
      }
    }
    this.warm();
    return resumed;
  }

  async stopAll(): Promise<void> {
    this.#stopping = true;
    const workers = [...[...this.#active.values()].map((active) => active.worker), ...(this.#idle ? [this.#idle] : [])];
    this.#idle = undefined;
    await Promise.all(workers.map((worker) => worker.terminate()));
    this.#active.clear();
  }

  #spawn(): Worker {
    const input: WorkerInput = { databasePath: this.context.databasePath };
    const worker = new Worker(this.workerPath ?? defaultWorkerPath(), { workerData: input });
    // An idle thread that fails or ends is dropped; a busy one's run hears of it through its own listeners.
    worker.on('error', () => this.#forget(worker));
    worker.on('exit', () => this.#forget(worker));
    return worker;
  }

  #takeIdle(): Worker | undefined {
    const worker = this.#idle;
    this.#idle = undefined;
    return worker;
  }

  /** Keeps a free thread for the next run (one at most; it does not hold the process open). */
  #park(worker: Worker): void {
    if (this.#stopping || this.#idle) {
      this.#retire(worker);
      return;
    }
    worker.unref();
    this.#idle = worker;
  }

  #retire(worker: Worker): void {
    const command: WorkerCommand = { type: 'exit' };
    worker.unref();
    worker.postMessage(command);
  }

  #forget(worker: Worker): void {
    if (this.#idle === worker) this.#idle = undefined;
  }
}
