import { create } from 'zustand';
import { api, type ApiClient } from '../../api/client';
import { createAppActions, type AppActions } from './actions';
import { initialAppState, type AppState } from './initial-state';

export function createAppStore(client: () => ApiClient = api) {
  return create<AppState & AppActions>()((set) => ({ ...initialAppState, ...createAppActions(set, client) }));
}

export const useAppStore = createAppStore();
