import type { StoreApi } from 'zustand';
import type { SettledValue } from '../../../shared/domain';
import type { ApiClient } from '../../api/client';
import type { GradingState } from './initial-state';
import { bumpRevision } from './selectors';

export interface SettleActions {
  /**
   * Settles a row whose annotators disagree (from the conversation view), signed with the annotator's name; the row is
   * read again with its settlement (the run's revision moves).
   */
  settleRow(runId: string, rowId: string, label: SettledValue): Promise<void>;
}

export function createSettleActions(
  set: StoreApi<GradingState>['setState'],
  get: () => GradingState,
  client: () => ApiClient,
): SettleActions {
  return {
    async settleRow(runId, rowId, label) {
      if (get().settle.status === 'saving') return;
      set({ settle: { row_id: rowId, status: 'saving', error: null } });
      const answer = await client().call('labels.adjudicate', { row_id: rowId, label });
      if (!answer.ok) {
        set({ settle: { row_id: rowId, status: 'error', error: answer.error.message } });
        return;
      }
      set({ settle: { row_id: null, status: 'idle', error: null }, revisions: bumpRevision(get().revisions, runId) });
    },
  };
}
