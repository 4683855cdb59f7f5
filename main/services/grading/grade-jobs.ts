import { Worker } from 'node:worker_threads';
import type { GradeJob } from '../../../shared/api/grades';
import type { AppContext } from '../app/app-context';
import type { GradeOutcome, GradePlan } from './grade-executor';
import type { GradeWorkerCommand, GradeWorkerInput, GradeWorkerMessage } from './grade-worker-protocol';
import { storedKeys } from '../settings/secrets';
import { ServiceError } from '../app/service-error';

/** Finished jobs kept for `grades.jobs` (the grades themselves are in the store). */
const RECENT_JOBS = 50;

/** Where the worker entry is: the tsx bootstrap from source; the desktop bundle passes its own file. */
export function defaultGradeWorkerPath(): URL {
  return new URL('./grade-worker-boot.mjs', import.meta.url);
}

/**
 * Grading jobs running in worker threads of this process. Each job's progress reaches the event bus as
 * `job-progress` (kind `grade`), ending with a last event whose status is final.
 */
export class GradeJobs {
  readonly #jobs = new Map<string, GradeJob>();
  readonly #workers = new Map<string, Worker>();
  #isStopping = false;

  constructor(
    private readonly context: AppContext,
    private readonly workerPath?: URL | string,
  ) {}

  get(jobId: string): GradeJob | undefined {
    const job = this.#jobs.get(jobId);
    return job && { ...job };
  }

  /** Newest first. */
  list(runId?: string): GradeJob[] {
    return [...this.#jobs.values()]
      .filter((job) => runId === undefined || job.run_id === runId)
      .reverse()
      .map((job) => ({ ...job }));
  }

  activeFor(runId: string): GradeJob | undefined {
    return this.list(runId).find((job) => job.status === 'running');
  }

  /**
   * Starts a job in its own thread and resolves once its judge has loaded. A judge that cannot load rejects
   * with the worker's ServiceError, and the job leaves no trace.
   */
  start(plan: GradePlan, judges: readonly string[]): Promise<GradeJob> {
    const job: GradeJob = {
      job_id: plan.job_id,
      run_id: plan.run_id,
      judge: plan.judge_text,
      judges: [...judges],
      status: 'running',
      done: 0,
      total: null,
      message: 'Loading the judge',
      started_at: this.context.now().toISOString(),
      finished_at: null,
    };
    this.#jobs.set(job.job_id, job);
    this.#trim();
    const keys = storedKeys(this.context.keys);
    const input: GradeWorkerInput = { databasePath: this.context.databasePath, plan, ...(Object.keys(keys).length > 0 ? { keys } : {}) };
    const worker = new Worker(this.workerPath ?? defaultGradeWorkerPath(), { workerData: input });
    this.#workers.set(job.job_id, worker);
    return new Promise((resolve, reject) => {
      let isReady = false;
      const finish = (outcome: Pick<GradeOutcome, 'status' | 'message'> & Partial<GradeOutcome>) => {
        this.#workers.delete(job.job_id);
        if (!isReady) {
          this.#jobs.delete(job.job_id);
          reject(new ServiceError(outcome.status === 'failed' ? 'INTERNAL' : 'CONFLICT', outcome.message));
          return;
        }
        if (job.status !== 'running') return;
        job.status = outcome.status;
        job.message = [outcome.message, ...(outcome.warnings ?? [])].join(' ');
        if (outcome.done !== undefined) job.done = outcome.done;
        if (outcome.total !== undefined) job.total = outcome.total;
        job.finished_at = this.context.now().toISOString();
        this.#emit(job);
      };
      worker.on('message', (message: GradeWorkerMessage) => {
        switch (message.type) {
          case 'ready':
            isReady = true;
            job.message = 'Counting rows';
            this.#emit(job);
            resolve({ ...job });
            return;
          case 'progress':
            if (job.status !== 'running') return;
            job.done = message.update.done;
            job.total = message.update.total;
            job.message = job.message?.startsWith('Cancelling') ? job.message : message.update.message;
            this.#emit(job);
            return;
          case 'end':
            finish(message.outcome);
            return;
          case 'error':
            if (!isReady) {
              this.#workers.delete(job.job_id);
              this.#jobs.delete(job.job_id);
              reject(new ServiceError(message.code, message.message));
              return;
            }
            finish({ status: 'failed', message: message.message });
            return;
          default: {
            const unreachable: never = message;
            return unreachable;
          }
        }
      });
      worker.on('error', (error) => finish({ status: 'failed', message: `The grading thread failed: ${error.message}` }));
      worker.on('exit', () =>
        finish({
          status: this.#isStopping ? 'cancelled' : 'failed',
          message: this.#isStopping
            ? 'The app stopped while grading; the grades written so far are kept.'
            : 'The grading thread stopped unexpectedly.',
        }),
      );
    });
  }

  /** Asks a job to stop after the rows in flight. */
  cancel(jobId: string): GradeJob {
    const job = this.#jobs.get(jobId);
    if (!job) throw new ServiceError('NOT_FOUND', `There is no grading job ${jobId} in this session.`);
    const worker = this.#workers.get(jobId);
    if (job.status !== 'running' || !worker)
      throw new ServiceError('CONFLICT', `Grading job ${jobId} is not running (it is ${job.status}).`);
    const command: GradeWorkerCommand = { type: 'cancel' };
    worker.postMessage(command);
    job.message = 'Cancelling after the rows in flight';
    this.#emit(job);
    return { ...job };
  }

  async stopAll(): Promise<void> {
    this.#isStopping = true;
    await Promise.all([...this.#workers.values()].map((worker) => worker.terminate()));
    this.#workers.clear();
  }

  #emit(job: GradeJob): void {
    this.context.events.emit('job-progress', {
      job_id: job.job_id,
      kind: 'grade',
      run_id: job.run_id,
      done: job.done,
      total: job.total,
      status: job.status,
      message: job.message,
    });
  }

  #trim(): void {
    const finished = [...this.#jobs.values()].filter((job) => job.status !== 'running');
    for (const job of finished.slice(0, Math.max(0, finished.length - RECENT_JOBS))) this.#jobs.delete(job.job_id);
  }
}
