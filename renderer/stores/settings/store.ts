import { create } from 'zustand';
import { api, type ApiClient } from '../../api/client';
import { createSettingsActions, type SettingsActions } from './actions';
import { initialSettingsState, type SettingsState } from './initial-state';

export function createSettingsStore(client: () => ApiClient = api) {
  return create<SettingsState & SettingsActions>()((set, get) => ({ ...initialSettingsState, ...createSettingsActions(set, get, client) }));
}

export const useSettingsStore = createSettingsStore();
