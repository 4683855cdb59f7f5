import type { StoreApi } from 'zustand';
import type { LabelValue } from '../../../shared/domain';
import type { ApiClient } from '../../api/client';
import type { GradingState, LabelRequest, LabelTarget } from './initial-state';
import { resolveCellRowIds } from './cell-rows';
import { bumpRevision } from './selectors';

export interface LabelActions {
  /** Reads the annotator's name (labels are stamped with it by main). */
  loadAnnotator(): Promise<void>;
  /**
   * Starts labelling: a table selection or a coverage cell waits for the person to confirm N (a cell's rows are
   * read first); one row is labelled at once. Without an annotator name, the name is asked first, once.
   */
  askLabel(target: LabelTarget, label: LabelValue): Promise<void>;
  confirmLabel(): Promise<void>;
  /** Stores the annotator's name, then carries on with the request that asked for it. */
  giveName(name: string): Promise<void>;
  closeLabel(): void;
}

export function createLabelActions(
  set: StoreApi<GradingState>['setState'],
  get: () => GradingState,
  client: () => ApiClient,
): LabelActions {
  let nextId = 0;

  const isCurrent = (id: number) => get().request?.id === id;
  const patchRequest = (id: number, patch: Partial<LabelRequest>) => {
    const request = get().request;
    if (request?.id === id) set({ request: { ...request, ...patch } });
  };

  /** Main's answer to "who is labelling?"; null when no name is set (or it could not be read). */
  async function readAnnotator(): Promise<string | null> {
    const answer = await client().call('labels.annotator.get', {});
    if (!answer.ok) {
      set({ annotator: { ...get().annotator, status: 'error', error: answer.error.message } });
      return null;
    }
    set({ annotator: { status: 'ready', name: answer.value.name, error: null, isSaving: false } });
    return answer.value.name;
  }

  async function save(id: number): Promise<void> {
    const request = get().request;
    if (!request || request.id !== id || request.row_ids === null) return;
    const { target, label } = request;
    patchRequest(id, { stage: 'saving', error: null });
    if (target.kind === 'row') set({ rowLabel: { row_id: target.row_id, label, status: 'saving', error: null } });
    const answer =
      target.kind === 'row'
        ? await client().call('labels.set', { row_id: target.row_id, label, kind: 'human' })
        : await client().call('labels.set_many', { row_ids: [...request.row_ids], label, kind: 'human' });
    if (!answer.ok) {
      if (target.kind === 'row') {
        set({ rowLabel: { row_id: target.row_id, label, status: 'error', error: answer.error.message } });
        if (isCurrent(id)) set({ request: null });
      } else patchRequest(id, { stage: 'error', error: answer.error.message });
      return;
    }
    set({ revisions: bumpRevision(get().revisions, target.run_id) });
    if (target.kind === 'row') {
      set({ rowLabel: { row_id: target.row_id, label, status: 'saved', error: answer.value.warnings[0] ?? null } });
      if (isCurrent(id)) set({ request: null });
      return;
    }
    patchRequest(id, { stage: 'done', warnings: answer.value.warnings, stored: 'n' in answer.value ? answer.value.n : 1 });
  }

  /** Labels when a name is set; otherwise asks for it. */
  async function signAndSave(id: number): Promise<void> {
    const known = get().annotator;
    const name = known.status === 'ready' && known.name !== null ? known.name : await readAnnotator();
    if (!isCurrent(id)) return;
    if (name === null) return patchRequest(id, { stage: 'name', error: get().annotator.error });
    await save(id);
  }

  return {
    async loadAnnotator() {
      set({ annotator: { ...get().annotator, status: get().annotator.status === 'ready' ? 'ready' : 'loading', error: null } });
      await readAnnotator();
    },
    async askLabel(target, label) {
      const id = ++nextId;
      const rowIds = target.kind === 'rows' ? [...new Set(target.row_ids)] : target.kind === 'row' ? [target.row_id] : null;
      set({
        request: {
          id,
          target,
          label,
          stage: target.kind === 'cell' ? 'resolving' : 'confirm',
          row_ids: rowIds,
          error: null,
          warnings: [],
          stored: null,
        },
      });
      if (target.kind === 'row') return signAndSave(id);
      // A name set in Settings since the screen opened is read again before the person confirms.
      void readAnnotator();
      if (target.kind !== 'cell') return;
      const ids = await resolveCellRowIds(client(), target.run_id, target.cell, () => isCurrent(id));
      if (!isCurrent(id)) return;
      if (!ids.ok) return patchRequest(id, { stage: 'error', error: ids.error.message });
      if (ids.value.length === 0) return patchRequest(id, { stage: 'error', error: 'This cell holds no rows: there is nothing to label.' });
      patchRequest(id, { stage: 'confirm', row_ids: ids.value });
    },
    async confirmLabel() {
      const request = get().request;
      if (!request || request.stage !== 'confirm') return;
      await signAndSave(request.id);
    },
    async giveName(name) {
      const request = get().request;
      const trimmed = name.trim();
      if (!request || request.stage !== 'name') return;
      if (trimmed === '') return patchRequest(request.id, { error: 'Type the name your labels are signed with.' });
      set({ annotator: { ...get().annotator, isSaving: true, error: null } });
      const answer = await client().call('labels.annotator.set', { name: trimmed });
      if (!answer.ok) {
        set({ annotator: { ...get().annotator, isSaving: false, error: answer.error.message } });
        return patchRequest(request.id, { error: answer.error.message });
      }
      set({ annotator: { status: 'ready', name: answer.value.name, error: null, isSaving: false } });
      if (isCurrent(request.id)) await save(request.id);
    },
    closeLabel() {
      const request = get().request;
      if (request?.stage === 'saving') return;
      set({ request: null });
    },
  };
}
