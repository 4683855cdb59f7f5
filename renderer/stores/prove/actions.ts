import type { StoreApi } from 'zustand';
import type { MethodInput } from '../../../shared/api';
import { chosenText, type ChosenFile } from '../../api/chosen-file';
import type { ApiClient } from '../../api/client';
import type { ProveState, SideChoice } from './initial-state';

export interface ProveActions {
  loadRuns(): Promise<void>;
  setSide(role: 'before' | 'after', choice: SideChoice): void;
  /** A picked JSONL file as one side; a file that is not UTF-8 is refused naming its line, and the side is cleared. */
  chooseFile(role: 'before' | 'after', file: ChosenFile): void;
  /** The report for the two sides; errors keep the file, line and field they name. */
  compare(): Promise<void>;
}

type Source = MethodInput<'prove.report'>['before'];

function sourceOf(choice: NonNullable<SideChoice>): Source {
  return choice.kind === 'file'
    ? { kind: 'jsonl', name: choice.name, text: choice.text }
    : { kind: 'run', run_id: choice.run_id, category_axis: choice.category_axis };
}

export function createProveActions(set: StoreApi<ProveState>['setState'], get: () => ProveState, client: () => ApiClient): ProveActions {
  let request = 0;
  const actions: ProveActions = {
    async loadRuns() {
      set({ runsStatus: 'loading' });
      const result = await client().call('runs.list', { limit: 200, offset: 0 });
      if (result.ok) set({ runs: result.value.runs, runsStatus: 'ready' });
      else set({ runsStatus: 'error' });
    },
    setSide(role, choice) {
      set(role === 'before' ? { before: choice } : { after: choice });
    },
    chooseFile(role, file) {
      const read = chosenText(file);
      actions.setSide(role, read.ok ? { kind: 'file', name: read.name, text: read.text } : null);
      if (!read.ok) set({ status: 'error', result: null, error: read.error });
      else if (get().status === 'error') set({ status: 'idle', error: null });
    },
    async compare() {
      const { before, after } = get();
      if (!before || !after) return void set({ status: 'error', error: { message: 'Choose both a before and an after set.', issues: [] } });
      const current = ++request;
      set({ status: 'loading', error: null });
      const result = await client().call('prove.report', { before: sourceOf(before), after: sourceOf(after) });
      if (current !== request) return;
      if (result.ok) set({ status: 'ready', result: result.value, error: null });
      else set({ status: 'error', result: null, error: { message: result.error.message, issues: result.error.issues ?? [] } });
    },
  };
  return actions;
}
