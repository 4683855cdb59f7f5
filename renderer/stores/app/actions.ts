import type { StoreApi } from 'zustand';
import type { ApiClient } from '../../api/client';
import type { AppState } from './initial-state';

export interface AppActions {
  loadInfo(): Promise<void>;
}

export function createAppActions(set: StoreApi<AppState>['setState'], client: () => ApiClient): AppActions {
  return {
    async loadInfo() {
      set({ status: 'loading', error: null });
      const result = await client().call('app.info', {});
      if (result.ok) set({ info: result.value, status: 'ready' });
      else set({ status: 'error', error: result.error.message });
    },
  };
}
