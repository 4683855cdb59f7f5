import { Worker } from 'node:worker_threads';
import type { RunStatus } from '../../shared/domain';
import { getRun, runIdsWithStatus, updateRun } from '../store/runs-repository';
import type { AppContext } from './app-context';
import type { WorkerCommand, WorkerInput, WorkerMessage } from './run-worker-protocol';
import { storedKeys } from './secrets';

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

  /** Starts (or resumes) a stored run in its own thread; progress and the end reach the event bus. */
  start(runId: string): void {
    if (this.#workers.has(runId)) return;
    const keys = storedKeys(this.context.keys);
    const input: WorkerInput = { databasePath: this.context.databasePath, runId, ...(Object.keys(keys).length > 0 ? { keys } : {}) };
    const worker = new Worker(this.workerPath ?? defaultWorkerPath(), { workerData: input });
    this.#workers.set(runId, worker);
    let finished = false;
    const finish = (error?: Error) => {
      if (finished) return;
      finished = true;
      this.#workers.delete(runId);
      const run = getRun(this.context.db, runId);
      if (!run) return;
      let status: RunStatus = run.status;
      if (status === 'running') {
        // Stopped with the app: it resumes at the next start. Otherwise the thread died under it.
        status = this.#stopping ? 'interrupted' : 'failed';
        const reason = this.#stopping ? null : (error?.message ?? 'The run stopped unexpectedly.');
        updateRun(this.context.db, runId, { status, error: reason }, this.context.now().toISOString());
      }
      this.context.events.emit('run-end', { run_id: runId, status, stopped_because: getRun(this.context.db, runId)?.stopped_because ?? null });
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
   * interrupted, then resumed from their stored rows.
   */
  resumeInterrupted(): string[] {
    const now = this.context.now().toISOString();
    for (const runId of [...runIdsWithStatus(this.context.db, 'running'), ...runIdsWithStatus(this.context.db, 'queued')]) {
      if (!this.#workers.has(runId)) updateRun(this.context.db, runId, { status: 'interrupted' }, now);
    }
    const interrupted = runIdsWithStatus(this.context.db, 'interrupted');
    for (const runId of interrupted) this.start(runId);
    return interrupted;
  }

  async stopAll(): Promise<void> {
    this.#stopping = true;
    await Promise.all([...this.#workers.values()].map((worker) => worker.terminate()));
    this.#workers.clear();
  }
}
