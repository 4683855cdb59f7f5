import type { StoreApi } from 'zustand';
import type { ApiClient } from '../../api/client';
import type { Scheduler } from '../helpers/debounce';
import type { NewRunState } from './initial-state';

/** What every new-run action needs. */
export interface NewRunContext {
  set: StoreApi<NewRunState>['setState'];
  get: () => NewRunState;
  client: () => ApiClient;
  scheduler: Scheduler;
  /** Quiet time after the last edit before the spec and pre-flight are checked. */
  checkDelayMs: number;
}
