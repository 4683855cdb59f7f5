import type { RunDetail, RunProgress } from '../../../shared/api';
import type { LoadStatus } from '../load-status';

export interface RunState {
  runId: string | null;
  /** The run as last read, patched by live progress: batches land as events, the summary with the end. */
  detail: RunDetail | null;
  status: LoadStatus;
  error: string | null;
  /** The latest progress event of this run (rate, time left, lost); null when none arrived since it (re)started. */
  live: RunProgress | null;
  actionStatus: 'idle' | 'cancelling' | 'resuming';
  actionError: string | null;
}

export const initialRunState: RunState = {
  runId: null,
  detail: null,
  status: 'idle',
  error: null,
  live: null,
  actionStatus: 'idle',
  actionError: null,
};
