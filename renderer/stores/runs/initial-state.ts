import type { RunListItem } from '../../../shared/api';
import type { LoadStatus } from '../load-status';

export interface RunsState {
  runs: RunListItem[];
  total: number;
  status: LoadStatus;
  error: string | null;
}

export const initialRunsState: RunsState = { runs: [], total: 0, status: 'idle', error: null };
