import { create } from 'zustand';
import { api, type ApiClient } from '../../api/client';
import { createGradingActions, type GradingActionOptions, type GradingActions } from './actions';
import { initialGradingState, type GradingState } from './initial-state';

export function createGradingStore(client: () => ApiClient = api, options: GradingActionOptions = {}) {
  return create<GradingState & GradingActions>()((set, get) => ({
    ...initialGradingState,
    ...createGradingActions(set, get, client, options),
  }));
}

/** Grading a run (the judge, the job, the summary) and giving labels outside the queue (a selection, a cell, a row). */
export const useGradingStore = createGradingStore();
