import type { RowDetail, RowFacets, RowsQuery } from '../../../shared/api/rows';
import type { Run } from '../../../shared/domain';
import type { LoadStatus } from '../load-status';
import { EMPTY_CACHE, type PageCache } from './page-cache';
import { defaultQuery } from './query';

export interface ConversationsState {
  runId: string | null;
  /** What the table asks for. */
  query: RowsQuery;
  queryKey: string;
  /** The query `cache` and `total` belong to: until the first page of a new query lands, the old rows stay on screen. */
  shownKey: string | null;
  cache: PageCache;
  /** Rows matching the shown query; null before its first page. */
  total: number | null;
  /** Of the first page of the requested query. */
  status: LoadStatus;
  error: string | null;
  run: Run | null;
  /** The filter menus' counts, each under the other filters of `facetsKey`'s query. */
  facets: RowFacets | null;
  facetsStatus: LoadStatus;
  /** The query the facets were counted under. */
  facetsKey: string | null;
  /** The row the keyboard is on, as a position in the shown query. */
  focusedIndex: number;
  detail: { rowId: string | null; data: RowDetail | null; status: LoadStatus; error: string | null };
  /**
   * Where the table was when it was left (its query, scroll offset and height in px), and whether a conversation was
   * opened since: coming back, the table returns keyboard focus to that row and its scroll position.
   */
  tablePlace: TablePlace | null;
}

export interface TablePlace {
  queryKey: string;
  scrollTop: number;
  height: number;
  /** A conversation was opened since the table was left: the table takes the focus back to its row. */
  returnFocus: boolean;
}

export const initialConversationsState: ConversationsState = {
  runId: null,
  query: defaultQuery(),
  queryKey: '',
  shownKey: null,
  cache: EMPTY_CACHE,
  total: null,
  status: 'idle',
  error: null,
  run: null,
  facets: null,
  facetsStatus: 'idle',
  facetsKey: null,
  focusedIndex: 0,
  detail: { rowId: null, data: null, status: 'idle', error: null },
  tablePlace: null,
};
