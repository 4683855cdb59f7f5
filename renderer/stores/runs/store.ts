import { create } from 'zustand';
import { api, type ApiClient } from '../../api/client';
import { createRunsActions, type RunsActions } from './actions';
import { initialRunsState, type RunsState } from './initial-state';

export function createRunsStore(client: () => ApiClient = api) {
  return create<RunsState & RunsActions>()((set, get) => ({ ...initialRunsState, ...createRunsActions(set, get, client) }));
}

export const useRunsStore = createRunsStore();
