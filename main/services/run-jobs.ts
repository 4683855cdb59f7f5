import { Worker } from 'node:worker_threads';
import type { RunStatus } from '../../shared/domain';
import { releaseRunLease, runLeaseToken } from '../store/run-leases-repository';
import { getRun, runIdsWithStatus, updateRun } from '../store/runs-repository';
import type { AppContext } from './app-context';
import { leaseProgram, liveLeaseOf, RunLease } from './run-lease';
import type { WorkerCommand, WorkerInput, WorkerMessage } from './run-worker-protocol';
import { storedKeys } from './secrets';
import { ServiceError } from './service-error';

/** Where the worker entry is: the tsx bootstrap from source, or the bundled file in the desktop app. */
export function defaultWorkerPath(): URL {
  return new URL('./run-worker-boot.mjs', import.meta.url);
}

/** The runs executing in worker threads of this process. */
export class RunJobs {
  readonly #workers = new Map<string, Worker>();
  #stopping = false;

  constructor(
    private readonly context: AppContext,
    private readonly workerPath?: URL | string,
  ) {}

  isActive(runId: string): boolean {
    return this.#workers.has(runId);
  }

  /**
   * Starts (or resumes) a stored run in its own thread; progress and the end reach the event bus. Takes the run's
   * lease first (or is handed the one taken when the run was created): throws ServiceError CONFLICT when another
   * process (the CLI, another window's server) writes it.
   */
  start(runId: string, taken?: RunLease): void {
    if (this.#workers.has(runId)) return;
    const { db } = this.context;
    const lease = taken ?? RunLease.acquire(db, runId, leaseProgram(this.context.mode));
    const keys = storedKeys(this.context.keys);
    const input: WorkerInput = { databasePath: this.context.databasePath, runId, lease: lease.holder, ...(Object.keys(keys).length > 0 ? { keys } : {}) };
    let worker: Worker;
    try {
      worker = new Worker(this.workerPath ?? defaultWorkerPath(), { workerData: input });
    } catch (error) {
      lease.release();
      throw error;
    }
    this.#workers.set(runId, worker);
    let finished = false;
    const finish = (error?: Error) => {
      if (finished) return;
      finished = true;
      this.#workers.delete(runId);
      const ended = db
        .transaction(() => {
          const run = getRun(db, runId);
          if (!run) return undefined;
          const token = runLeaseToken(db, runId);
          // Taken over by another process while the thread stalled: the run is that process's to write now.
          if (token !== undefined && token !== lease.holder.token) return run;
          if (run.status === 'running') {
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
    worker.on('message', (message: WorkerMessage) => {
      switch (message.type) {
        case 'progress':
          this.context.events.emit('run-progress', message.progress);
          return;
        case 'end':
          // The run's end is stored: it is over now, not when the thread has wound down (a grade may start at once).
          finish();
          return;
        case 'error':
        case 'lease-lost':
          return;
      }
    });
    worker.on('error', (error) => finish(error));
    worker.on('exit', () => finish());
  }

  /** Asks a run to stop after the rollouts in flight; returns false when it is not running here. */
  cancel(runId: string): boolean {
    const worker = this.#workers.get(runId);
    if (!worker) return false;
    const command: WorkerCommand = { type: 'cancel' };
    worker.postMessage(command);
    return true;
  }

  /**
   * Runs left `running` (or still `queued`: stored, its thread not yet started) by a process that died are marked
   * interrupted, then resumed from their stored rows. A run another living process writes (a `wai simulate` in a
   * terminal) is left to it.
   */
  resumeInterrupted(): string[] {
    const { db } = this.context;
    const now = this.context.now().toISOString();
    for (const runId of [...runIdsWithStatus(db, 'running'), ...runIdsWithStatus(db, 'queued')]) {
      if (!this.#workers.has(runId) && !liveLeaseOf(db, runId)) updateRun(db, runId, { status: 'interrupted' }, now);
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
    return resumed;
  }

  async stopAll(): Promise<void> {
    this.#stopping = true;
    await Promise.all([...this.#workers.values()].map((worker) => worker.terminate()));
    this.#workers.clear();
  }
}
