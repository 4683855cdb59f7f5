import { create } from 'zustand';
import { api, type ApiClient } from '../../api/client';
import { createTracesActions, type TracesActions } from './actions';
import { initialTracesState, type TracesState } from './initial-state';

export function createTracesStore(client: () => ApiClient = api) {
  return create<TracesState & TracesActions>()((set, get) => ({ ...initialTracesState, ...createTracesActions(set, get, client) }));
}

export const useTracesStore = createTracesStore();
