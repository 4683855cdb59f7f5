import { create } from 'zustand';
import { api, type ApiClient } from '../../api/client';
import { createExportActions, type ExportActionOptions, type ExportActions } from './actions';
import { type ExportState, initialExportState } from './initial-state';

export function createExportStore(client: () => ApiClient = api, options: ExportActionOptions = {}) {
  return create<ExportState & ExportActions>()((set, get) => ({
    ...initialExportState,
    ...createExportActions(set, get, client, options),
  }));
}

/** The one Export dialog's state: opened from the conversations table, a run, or a coverage cell. */
export const useExportStore = createExportStore();
