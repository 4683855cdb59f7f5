import type { StoreApi } from 'zustand';
import type { ApiClient } from '../../api/client';
import type { TracesState } from './initial-state';
import { chosenTexts, type ChosenFile } from '../../api/chosen-file';

export interface TracesActions {
  /** The imports and the failure map over all of them. */
  load(): Promise<void>;
  /** Imports the files in one go; on a malformed file nothing is kept and importError lists every problem. */
  importFiles(files: ChosenFile[]): Promise<boolean>;
  removeImport(importId: string): Promise<void>;
  toggleCell(key: string): void;
  clearSelection(): void;
  /** "Aim a run here": a run steered at the picked cells, or at every weak cell when none is picked. */
  aim(budget: number): Promise<boolean>;
  openCell(key: string | null): Promise<void>;
}

export function createTracesActions(set: StoreApi<TracesState>['setState'], get: () => TracesState, client: () => ApiClient): TracesActions {
  let cellRequest = 0;
  const actions: TracesActions = {
    async load() {
      set({ status: get().map ? 'ready' : 'loading', error: null });
      const [imports, map] = await Promise.all([client().call('traces.list', {}), client().call('traces.map', {})]);
      if (!imports.ok) return void set({ status: 'error', error: imports.error.message });
      if (!map.ok) return void set({ status: 'error', error: map.error.message });
      const known = new Set(map.value.cells.map((cell) => cell.key));
      set({ imports: imports.value.imports, map: map.value, status: 'ready', selected: get().selected.filter((key) => known.has(key)) });
    },
    async importFiles(files) {
      if (files.length === 0) return false;
      const read = chosenTexts(files);
      if (!read.ok) {
        set({ importing: false, importError: read.error, lastImport: null });
        return false;
      }
      set({ importing: true, importError: null, lastImport: null });
      const result = await client().call('traces.import', { files: read.files });
      if (!result.ok) {
        set({ importing: false, importError: { message: result.error.message, issues: result.error.issues ?? [] } });
        return false;
      }
      set({ importing: false, lastImport: result.value });
      await actions.load();
      return true;
    },
    async removeImport(importId) {
      const result = await client().call('traces.delete', { import_id: importId });
      if (!result.ok) return void set({ error: result.error.message });
      set({ lastImport: null, cell: null });
      await actions.load();
    },
    toggleCell(key) {
      const selected = get().selected;
      set({ selected: selected.includes(key) ? selected.filter((entry) => entry !== key) : [...selected, key] });
    },
    clearSelection() {
      set({ selected: [] });
    },
    async aim(budget) {
      set({ aiming: true, aimError: null, aimed: null });
      const selected = get().selected;
      const result = await client().call('traces.aim', { budget, ...(selected.length > 0 ? { cells: selected } : {}) });
      if (!result.ok) {
        set({ aiming: false, aimError: { message: result.error.message, issues: result.error.issues ?? [] } });
        return false;
      }
      set({ aiming: false, aimed: result.value });
      return true;
    },
    async openCell(key) {
      const request = ++cellRequest;
      if (key === null) return void set({ cell: null });
      set({ cell: { key, rows: [], total: 0, status: 'loading', error: null } });
      const result = await client().call('traces.rows', { cell: key, limit: 50, offset: 0 });
      if (request !== cellRequest) return;
      if (result.ok) set({ cell: { key, rows: result.value.rows, total: result.value.total, status: 'ready', error: null } });
      else set({ cell: { key, rows: [], total: 0, status: 'error', error: result.error.message } });
    },
  };
  return actions;
}
