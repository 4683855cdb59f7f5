import type { StoreApi } from 'zustand';
import type { SettledValue } from '../../../shared/domain';
import type { ApiClient } from '../../api/client';
import type { LabelingState } from './initial-state';
import { countsAfter, itemAt, withItemLabel } from './queue-pages';
import type { QueueActions } from './queue-actions';
import { conflictOf, selectCurrentDetail } from './selectors';

export interface HistoryActions {
  /** Takes back the newest label of this session (Ctrl+Z): main keeps it in its history; the row shows its label before. */
  undo(): Promise<void>;
  /** Settles the row on screen as pass or fail, signed with the annotator's name; the labels stay as they were. */
  adjudicate(label: SettledValue): Promise<void>;
}

interface HistoryDeps {
  set: StoreApi<LabelingState>['setState'];
  get: StoreApi<LabelingState>['getState'];
  client: () => ApiClient;
  queue: QueueActions;
  /** After an undo or a settlement main stored: the trust panel reads the numbers again. */
  onRevised(): void;
}

export function createHistoryActions({ set, get, client, queue, onRevised }: HistoryDeps): HistoryActions {
  return {
    async undo() {
      if (get().isRevising) return;
      set({ isRevising: true, reviseError: null });
      // A label still on its way is the newest one: wait for its answer, so it is the one taken back.
      await queue.labelsSent();
      const given = get().history.at(-1);
      if (!given || given.labelId === null) {
        set({ isRevising: false, reviseError: 'Nothing to undo: no label was given in this session.' });
        return;
      }
      const result = await client().call('labels.undo', { label_id: given.labelId });
      if (!result.ok) {
        set({ isRevising: false, reviseError: `The label on #${given.ordinal} could not be undone: ${result.error.message}` });
        return;
      }
      const now = result.value.current;
      set((state) => {
        const item = itemAt(state.pages, given.position);
        const isShown = item?.row_id === given.rowId;
        return {
          isRevising: false,
          history: state.history.slice(0, -1),
          pages: withItemLabel(state.pages, given.rowId, now),
          counts: state.counts && isShown ? countsAfter(state.counts, item.label, now) : state.counts,
          lastAction: { kind: 'undone', rowId: given.rowId, ordinal: given.ordinal, label: given.label, now },
        };
      });
      queue.reloadDetail(given.rowId);
      queue.goTo(given.position);
      onRevised();
    },
    async adjudicate(label) {
      const state = get();
      const item = itemAt(state.pages, state.position);
      const detail = selectCurrentDetail(state);
      if (!item || state.isRevising) return;
      set({ isRevising: true, reviseError: null });
      const result = await client().call('labels.adjudicate', { row_id: item.row_id, label });
      if (!result.ok) {
        set({ isRevising: false, reviseError: `#${item.ordinal} could not be settled: ${result.error.message}` });
        return;
      }
      const wasConflict = detail !== null && conflictOf(detail).isConflict;
      set((current) => ({
        isRevising: false,
        // The row leaves the conflicts and gains gold; the queue keeps its order (its snapshot) until it is read again.
        counts:
          current.counts && wasConflict
            ? { ...current.counts, conflicts: Math.max(0, current.counts.conflicts - 1), gold: current.counts.gold + 1 }
            : current.counts,
        lastAction: { kind: 'settled', rowId: item.row_id, ordinal: item.ordinal, label },
      }));
      queue.reloadDetail(item.row_id);
      onRevised();
    },
  };
}
