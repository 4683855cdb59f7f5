import { create } from 'zustand';
import { api, type ApiClient } from '../../api/client';
import { createLabelingActions, type LabelingActions, type LabelingOptions } from './actions';
import { initialLabelingState, type LabelingState } from './initial-state';

/** The labeling queue of one run, the row on screen, the labels on their way to main, and the judge trust numbers. */
export function createLabelingStore(client: () => ApiClient = api, options: LabelingOptions = {}) {
  return create<LabelingState & LabelingActions>()((set, get) => ({
    ...initialLabelingState,
    ...createLabelingActions(set, get, client, options),
  }));
}

export const useLabelingStore = createLabelingStore();
