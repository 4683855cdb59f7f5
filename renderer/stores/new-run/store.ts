import { create } from 'zustand';
import { api, type ApiClient } from '../../api/client';
import { createNewRunActions, type NewRunActions } from './actions';
import { initialNewRunState, type NewRunState } from './initial-state';
import { timerScheduler, type Scheduler } from '../helpers/debounce';

export interface NewRunStoreOptions {
  client?: () => ApiClient;
  scheduler?: Scheduler;
  /** Quiet time after an edit before it is checked (default 300 ms). */
  checkDelayMs?: number;
}

export function createNewRunStore(options: NewRunStoreOptions = {}) {
  return create<NewRunState & NewRunActions>()((set, get) => ({
    ...initialNewRunState,
    ...createNewRunActions({
      set,
      get,
      client: options.client ?? api,
      scheduler: options.scheduler ?? timerScheduler,
      checkDelayMs: options.checkDelayMs ?? 300,
    }),
  }));
}

export const useNewRunStore = createNewRunStore();
