import { create } from 'zustand';
import { api, type ApiClient } from '../../api/client';
import { createRunActions, type RunActions } from './actions';
import { initialRunState, type RunState } from './initial-state';

export function createRunStore(client: () => ApiClient = api) {
  return create<RunState & RunActions>()((set, get) => ({ ...initialRunState, ...createRunActions(set, get, client) }));
}

export const useRunStore = createRunStore();
