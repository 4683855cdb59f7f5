import { create } from 'zustand';
import { api, type ApiClient } from '../../api/client';
import { createProveActions, type ProveActions } from './actions';
import { initialProveState, type ProveState } from './initial-state';

export function createProveStore(client: () => ApiClient = api) {
  return create<ProveState & ProveActions>()((set, get) => ({ ...initialProveState, ...createProveActions(set, get, client) }));
}

export const useProveStore = createProveStore();
