import type { RunSummary } from '../../../shared/domain';
import type { LoadStatus } from '../load-status';

export interface RunsState {
  runs: RunSummary[];
  total: number;
  status: LoadStatus;
  error: string | null;
}

export const initialRunsState: RunsState = { runs: [], total: 0, status: 'idle', error: null };
