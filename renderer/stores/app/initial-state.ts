import type { AppInfo } from '../../../shared/api';
import type { LoadStatus } from '../load-status';

export interface AppState {
  info: AppInfo | null;
  status: LoadStatus;
  error: string | null;
}

export const initialAppState: AppState = { info: null, status: 'idle', error: null };
