import { create } from 'zustand';
import { api, type ApiClient } from '../../api/client';
import { createPreferencesActions, type PreferencesActions } from './actions';
import { initialPreferencesState, type PreferencesState } from './initial-state';

export function createPreferencesStore(client: () => ApiClient = api) {
  return create<PreferencesState & PreferencesActions>()((set, get) => ({
    ...initialPreferencesState,
    ...createPreferencesActions(set, get, client),
  }));
}

/** The Settings screen's data from main: the annotator's name, where each key comes from, the Hub token's source. */
export const usePreferencesStore = createPreferencesStore();
