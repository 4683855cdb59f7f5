import { create } from 'zustand';
import { api, type ApiClient } from '../../api/client';
import { createCoverageActions, type CoverageActions } from './actions';
import { initialCoverageState, type CoverageState } from './initial-state';

export function createCoverageStore(client: () => ApiClient = api) {
  return create<CoverageState & CoverageActions>()((set, get) => ({ ...initialCoverageState, ...createCoverageActions(set, get, client) }));
}

export const useCoverageStore = createCoverageStore();
