import type { RunProgress } from '../../../shared/api';
import type { LeaseHolder } from '../../store/runs/run-leases-repository';

/** The thread's own data: one store, for every run it executes. */
export interface WorkerInput {
  databasePath: string;
}

/** One run for the thread, which executes one at a time and then waits for the next. */
export interface WorkerRun {
  runId: string;
  /** The desktop's stored model keys, decrypted by the main process (safeStorage is not available in a worker). */
  keys?: Record<string, string>;
  /** The run's lease, taken by the main thread before it handed the run over; the worker writes under it. */
  lease: LeaseHolder;
  /**
   * A one-slot Int32Array buffer the main thread sets to 1 to cancel: read between rows, so a cancel lands after the
   * rollouts in flight even while offline rollouts keep the thread's event loop (and its messages) waiting.
   */
  cancel: SharedArrayBuffer;
}

export type WorkerCommand =
  | ({ type: 'run' } & WorkerRun)
  /** Close the store and end the thread (an idle worker when the app no longer needs it). */
  | { type: 'exit' };

export type WorkerMessage =
  | { type: 'progress'; progress: RunProgress }
  | { type: 'end'; run_id: string; stopped_because: string }
  | { type: 'error'; run_id: string; message: string }
  /** Another process took the run over (this one stalled); the worker stopped without writing more. */
  | { type: 'lease-lost'; run_id: string; message: string };

/** Index of the cancel flag in the run's Int32Array. */
export const CANCEL_SLOT = 0;
