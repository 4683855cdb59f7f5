import type { RunDetail, RunPace, RunProgress, RunWriter } from '../../../shared/api';
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
  /** Who writes the run, as the last `runs.watch` read it; null when nobody holds its lease (or not read yet). */
  writer: RunWriter | null;
  /** The pace of a run another process writes, from its stored rows; null otherwise. */
  pace: RunPace | null;
}

export const initialRunState: RunState = {
  runId: null,
  detail: null,
  status: 'idle',
  error: null,
  live: null,
  actionStatus: 'idle',
  actionError: null,
  writer: null,
  pace: null,
};
