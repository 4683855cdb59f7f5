import type { JobProgress } from '../../../shared/api';
import type { AppContext } from '../app/app-context';
import { newId } from '../app/ids';
import { ServiceError } from '../app/service-error';

export type ExportJobKind = 'export' | 'push';

/** What a job's work receives: its cancel signal and a way to report progress (throttled here). */
export interface JobControl {
  signal: AbortSignal;
  /** Units done and the total when known; `kind` switches an export job to its push phase. */
  progress(done: number, total: number | null, message?: string | null, kind?: ExportJobKind): void;
  /** Bytes written to disk so far; sent with the next progress event (and the last one). */
  written?(bytes: number): void;
}

interface Job {
  controller: AbortController;
  done: Promise<unknown>;
}

/** Progress events at most this often (ms), plus every change of phase and the last one. */
const PROGRESS_EVERY_MS = 200;

const isAbort = (error: unknown, signal: AbortSignal) =>
  signal.aborted || (error instanceof Error && (error.name === 'AbortError' || error.name === 'ExportCancelledError'));

/**
 * Export and push jobs of one app: each runs in this process (the export streams, so it never holds a run in
 * memory), reports `job-progress` events {job_id, kind, run_id, done, total, status, message}, and can be
 * cancelled; the last event carries the final status and a sentence saying what happened.
 */
export class ExportJobs {
  readonly #jobs = new Map<string, Job>();

  constructor(private readonly context: AppContext) {}

  start<T>(
    kind: ExportJobKind,
    runId: string | null,
    work: (control: JobControl) => Promise<T>,
    summary: (result: T) => string,
  ): { job_id: string; done: Promise<T> } {
    const jobId = newId('export');
    const controller = new AbortController();
    let phase: ExportJobKind = kind;
    let last = { done: 0, total: null as number | null };
    let lastEmit = 0;
    let bytes: number | undefined;
    const emit = (status: JobProgress['status'], message: string | null) =>
      this.context.events.emit('job-progress', {
        job_id: jobId,
        kind: phase,
        run_id: runId,
        done: last.done,
        total: last.total,
        ...(bytes === undefined ? {} : { bytes }),
        status,
        message,
      });
    const control: JobControl = {
      signal: controller.signal,
      progress: (done, total, message = null, nextKind) => {
        const changed = nextKind !== undefined && nextKind !== phase;
        if (nextKind) phase = nextKind;
        last = { done, total };
        const now = performance.now();
        if (!changed && now - lastEmit < PROGRESS_EVERY_MS) return;
        lastEmit = now;
        emit('running', message);
      },
      written: (count) => {
        bytes = count;
      },
    };
    emit('running', null);
    const done = (async () => {
      try {
        const result = await work(control);
        emit('completed', summary(result));
        return result;
      } catch (error) {
        const cancelled = isAbort(error, controller.signal);
        const cancelledMessage =
          phase === 'push' ? 'Cancelled during the push: nothing was committed to the Hub.' : 'Cancelled: nothing was left half written.';
        emit(cancelled ? 'cancelled' : 'failed', cancelled ? cancelledMessage : error instanceof Error ? error.message : String(error));
        throw error;
      } finally {
        this.#jobs.delete(jobId);
      }
    })();
    done.catch(() => undefined);
    this.#jobs.set(jobId, { controller, done });
    return { job_id: jobId, done };
  }

  /** Asks a job to stop; false when it is not running (finished, or never existed). */
  cancel(jobId: string): boolean {
    const job = this.#jobs.get(jobId);
    if (!job) return false;
    job.controller.abort();
    return true;
  }

  isActive(jobId: string): boolean {
    return this.#jobs.has(jobId);
  }

  /** Waits for a running job (tests, CLI); resolves at once when it already ended. */
  async wait(jobId: string): Promise<void> {
    await this.#jobs.get(jobId)?.done.catch(() => undefined);
  }

  async stopAll(): Promise<void> {
    const jobs = [...this.#jobs.values()];
    for (const job of jobs) job.controller.abort();
    await Promise.all(jobs.map((job) => job.done.catch(() => undefined)));
  }
}

export function requireJobs(context: AppContext, jobId: string): ExportJobs {
  const jobs = context.exportJobs;
  if (!jobs.isActive(jobId)) throw new ServiceError('NOT_FOUND', `There is no running export job ${jobId}.`);
  return jobs;
}
