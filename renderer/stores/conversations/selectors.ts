import type { RowSummary } from '../../../shared/api/rows';
import type { ConversationsState } from './initial-state';
import { rowAt } from './page-cache';

export const selectRowAt = (state: ConversationsState, index: number): RowSummary | undefined => rowAt(state.cache, index);

/** Rows of the previous query are still on screen while the new one loads. */
export const selectIsStale = (state: ConversationsState): boolean => state.shownKey !== null && state.shownKey !== state.queryKey;

export const selectIsEmpty = (state: ConversationsState): boolean =>
  state.status === 'ready' && state.shownKey === state.queryKey && state.total === 0;

/** The run's row count (from the filter menus' counts), for "n of N". */
export const selectRunTotal = (state: ConversationsState): number | null => state.facets?.total ?? state.run?.rows_done ?? null;
