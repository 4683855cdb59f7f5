import type { ErrorCode } from '../../../shared/api';
import type { GradeOutcome, GradePlan, GradeProgressUpdate } from './grade-executor';

export interface GradeWorkerInput {
  databasePath: string;
  plan: GradePlan;
  /** The desktop's stored model keys, decrypted by the main process (safeStorage is not available in a worker). */
  keys?: Record<string, string>;
}

export type GradeWorkerCommand = { type: 'cancel' };

/** `ready` comes once the judge has loaded; an `error` before it means the job never started. */
export type GradeWorkerMessage =
  | { type: 'ready' }
  | { type: 'progress'; update: GradeProgressUpdate }
  | { type: 'end'; outcome: GradeOutcome }
  | { type: 'error'; code: ErrorCode; message: string };
