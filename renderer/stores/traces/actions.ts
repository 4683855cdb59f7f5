import type { StoreApi } from 'zustand';
import type { ApiClient } from '../../api/client';
import { latestRequest } from '../helpers/latest-request';
import type { FailureMap } from '../../../shared/api/traces';
import type { TracesState } from './initial-state';
import { chosenTexts, type ChosenFile } from '../../api/chosen-file';

export interface TracesActions {
  /** The imports and the failure map over all of them. */
  load(): Promise<void>;
  /** Imports the files in one go; on a malformed file nothing is kept and importError lists every problem. */
  importFiles(files: ChosenFile[]): Promise<boolean>;
  removeImport(importId: string): Promise<void>;
  /** Compares these two model versions (kept in the data folder); both null goes back to the default pair. */
  compareVersions(before: string | null, after: string | null): Promise<boolean>;
  toggleCell(key: string): void;
  clearSelection(): void;
  /** "Aim a run here": a run steered at the picked cells, or at every weak cell when none is picked. */
  aim(budget: number): Promise<boolean>;
  openCell(key: string | null): Promise<void>;
}

export function createTracesActions(
  set: StoreApi<TracesState>['setState'],
  get: () => TracesState,
  client: () => ApiClient,
): TracesActions {
  const cellRequests = latestRequest();

  /** A new map: picks and the open cell that left it are dropped, and the open cell's traces are read again. */
  async function showMap(map: FailureMap, imports?: TracesState['imports']): Promise<void> {
    const known = new Set(map.cells.map((cell) => cell.key));
    const open = get().cell;
    set({
      ...(imports ? { imports } : {}),
      map,
      status: 'ready',
      selected: get().selected.filter((key) => known.has(key)),
      ...(open && !known.has(open.key) ? { cell: null } : {}),
    });
    if (open && known.has(open.key)) await readCell(open.key, true);
  }

  /** The traces of one cell; `keep` leaves the rows shown until the new ones arrive (a refresh, not an open). */
  async function readCell(key: string, keep: boolean): Promise<void> {
    const isLatest = cellRequests.start();
    if (!keep) set({ cell: { key, rows: [], total: 0, status: 'loading', error: null } });
    const result = await client().call('traces.rows', { cell: key, limit: 50, offset: 0 });
    if (!isLatest()) return;
    if (result.ok) set({ cell: { key, rows: result.value.rows, total: result.value.total, status: 'ready', error: null } });
    else set({ cell: { key, rows: [], total: 0, status: 'error', error: result.error.message } });
  }

  const actions: TracesActions = {
    async load() {
      set({ status: get().map ? 'ready' : 'loading', error: null });
      const [imports, map] = await Promise.all([client().call('traces.list', {}), client().call('traces.map', {})]);
      if (!imports.ok) return void set({ status: 'error', error: imports.error.message });
      if (!map.ok) return void set({ status: 'error', error: map.error.message });
      await showMap(map.value, imports.value.imports);
    },
    async compareVersions(before, after) {
      set({ comparing: true, compareError: null });
      const result = await client().call('traces.compare', { before_version: before, after_version: after });
      if (!result.ok) {
        set({ comparing: false, compareError: result.error.message });
        return false;
      }
      set({ comparing: false });
      await showMap(result.value);
      return true;
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
      if (key === null) {
        cellRequests.drop();
        return void set({ cell: null });
      }
      await readCell(key, false);
    },
  };
  return actions;
}
