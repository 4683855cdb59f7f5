import type { StoreApi } from 'zustand';
import type { ApiClient } from '../../api/client';
import type { NewRunState } from './initial-state';

/** Timers behind an interface, so tests run the debounce by hand. */
export interface Scheduler {
  set(callback: () => void, delayMs: number): unknown;
  clear(handle: unknown): void;
}

export const windowScheduler: Scheduler = {
  set: (callback, delayMs) => setTimeout(callback, delayMs),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What every new-run action needs. */
export interface NewRunContext {
  set: StoreApi<NewRunState>['setState'];
  get: () => NewRunState;
  client: () => ApiClient;
  scheduler: Scheduler;
  /** Quiet time after the last edit before the spec and pre-flight are checked. */
  checkDelayMs: number;
}
