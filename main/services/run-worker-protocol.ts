import type { RunProgress } from '../../shared/api';
import type { LeaseHolder } from '../store/run-leases-repository';

export interface WorkerInput {
  databasePath: string;
  runId: string;
  /** The desktop's stored model keys, decrypted by the main process (safeStorage is not available in a worker). */
  keys?: Record<string, string>;
  /** The run's lease, taken by the main thread before it started this one; the worker writes under it. */
  lease: LeaseHolder;
}

export type WorkerCommand = { type: 'cancel' };

export type WorkerMessage =
  | { type: 'progress'; progress: RunProgress }
  | { type: 'end'; stopped_because: string }
  | { type: 'error'; message: string }
  /** Another process took the run over (this one stalled); the worker stopped without writing more. */
  | { type: 'lease-lost'; message: string };
