import type { RunProgress } from '../../shared/api';

export interface WorkerInput {
  databasePath: string;
  runId: string;
  /** The desktop's stored model keys, decrypted by the main process (safeStorage is not available in a worker). */
  keys?: Record<string, string>;
}

export type WorkerCommand = { type: 'cancel' };

export type WorkerMessage =
  | { type: 'progress'; progress: RunProgress }
  | { type: 'end'; stopped_because: string }
  | { type: 'error'; message: string };
