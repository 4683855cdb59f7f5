import type { RunProgress } from '../../shared/api';

export interface WorkerInput {
  databasePath: string;
  runId: string;
}

export type WorkerCommand = { type: 'cancel' };

export type WorkerMessage =
  | { type: 'progress'; progress: RunProgress }
  | { type: 'end'; stopped_because: string }
  | { type: 'error'; message: string };
