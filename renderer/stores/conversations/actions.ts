import type { StoreApi } from 'zustand';
import type { RowsQuery } from '../../../shared/api/rows';
import type { ApiClient } from '../../api/client';
import { coalesce } from '../helpers/debounce';
import { subscribeOnce, type Unsubscribe } from '../helpers/subscribe-once';
import type { ConversationsState, TablePlace } from './initial-state';
import { EMPTY_CACHE, putPage, touchPages } from './page-cache';
import { PAGE_SIZE, pagesFor, queryKeyOf } from './query';

export interface ConversationsActions {
  /** Shows a run's rows for a query; the same query keeps its pages, another starts again from the first page. */
  setQuery(runId: string, query: RowsQuery): void;
  /** Loads the pages holding rows `first..last` of the shown query that are not loaded or loading yet. */
  ensureRange(first: number, last: number): void;
  /** Asks again for the first page of the current query, after an error. */
  retry(): void;
  /** Re-reads what is on screen, the count and the filter menus (rows land while a run is still going). */
  refresh(): void;
  setFocusedIndex(index: number): void;
  /** One conversation with its neighbours in `query` (the table's, by default). */
  loadDetail(rowId: string, query?: RowsQuery): Promise<void>;
  /** Notes where the table is as it goes off screen (see ConversationsState.tablePlace). */
  leaveTable(place: Omit<TablePlace, 'returnFocus'>): void;
  /** The place to come back to as the table shows again, once (then forgotten). */
  takeTablePlace(): TablePlace | null;
  /**
   * While the table is on screen (until the returned stop), rows landing in its run refresh it at most every two
   * seconds; coming on screen, it reads its rows again if their grades or labels changed while it was away.
   */
  follow(): Unsubscribe;
  /** A run's progress or end (see `follow`). */
  receiveRunEvent(event: { run_id: string }): void;
  /** The conversation view shows a row (until the returned stop): a change of its run's grades or labels reads it again. */
  showConversation(runId: string, rowId: string): Unsubscribe;
  /**
   * Grades or labels of a run changed in this window (a grading ended, a label was given): the conversation on screen
   * is read again, and the table's rows now if it is on screen, else when it comes back.
   */
  receiveRevision(runId: string): void;
}

const REFRESH_INTERVAL_MS = 2000;
/**
 * A changed query's menus are counted this long after its first page shows: filters chosen one after another are
 * counted once, for the last, and the next filter's page never waits behind a count main is making for one left
 * behind (at 1,000,000 rows a count under a filter takes main 0.3-0.7 s, and main answers one call at a time).
 */
export const MENUS_AFTER_MS = 250;

export function createConversationsActions(
  set: StoreApi<ConversationsState>['setState'],
  get: StoreApi<ConversationsState>['getState'],
  client: () => ApiClient,
): ConversationsActions {
  const inFlight = new Set<string>();
  let visiblePages: number[] = [];
  let isFollowing = false;
  /** Grades or labels of the table's run changed while the table was off screen. */
  let isOutdated = false;
  let shown: { runId: string; rowId: string } | null = null;
  let menusTimer: ReturnType<typeof setTimeout> | undefined;

  async function fetchPage(key: string, page: number): Promise<void> {
    const { runId, query } = get();
    const flightKey = `${key}#${page}`;
    if (!runId || inFlight.has(flightKey)) return;
    inFlight.add(flightKey);
    const result = await client().call('rows.page', { run_id: runId, ...query, offset: page * PAGE_SIZE, limit: PAGE_SIZE });
    inFlight.delete(flightKey);
    if (get().queryKey !== key) return;
    if (!result.ok) {
      if (get().shownKey !== key) set({ status: 'error', error: result.error.message });
      return;
    }
    set((state) => {
      const isNew = state.shownKey !== key;
      return {
        shownKey: key,
        cache: putPage(isNew ? EMPTY_CACHE : state.cache, page, result.value.rows),
        total: result.value.total,
        status: 'ready',
        error: null,
        ...(isNew ? { focusedIndex: Math.min(state.focusedIndex, Math.max(0, result.value.total - 1)) } : {}),
      };
    });
    if (page === 0) loadRunContextSoon(get().runId!);
  }

  /** The run's first query counts its menus at once; a changed one after MENUS_AFTER_MS (see there). */
  function loadRunContextSoon(runId: string): void {
    clearTimeout(menusTimer);
    if (get().facets === null) {
      void loadRunContext(runId);
      return;
    }
    menusTimer = setTimeout(() => {
      if (get().runId === runId) void loadRunContext(runId);
    }, MENUS_AFTER_MS);
  }

  /**
   * The run's header (name, warnings) and the filter menus, each counted under the other filters of the query on
   * screen: after the first page, so they never delay it; again when the query changes.
   */
  async function loadRunContext(runId: string, force = false): Promise<void> {
    const { queryKey, query, facetsKey, facetsStatus } = get();
    if (!force && facetsKey === queryKey && facetsStatus !== 'idle') return;
    set({ facetsStatus: 'loading', facetsKey: queryKey });
    const [run, facets] = await Promise.all([
      force || get().run === null ? client().call('runs.get', { run_id: runId }) : Promise.resolve(null),
      client().call('rows.facets', { run_id: runId, filters: query.filters, search: query.search }),
    ]);
    if (get().runId !== runId) return;
    if (run?.ok) set({ run: run.value.run });
    if (get().queryKey !== queryKey) return;
    set({ facets: facets.ok ? facets.value : get().facets, facetsStatus: facets.ok ? 'ready' : 'error' });
  }

  const refreshSoon = coalesce(() => actions.refresh(), REFRESH_INTERVAL_MS);

  const actions: ConversationsActions = {
    setQuery(runId, query) {
      const key = queryKeyOf(runId, query);
      if (key === get().queryKey) return;
      const isOtherRun = runId !== get().runId;
      if (isOtherRun) isOutdated = false;
      clearTimeout(menusTimer);
      set({
        runId,
        query,
        queryKey: key,
        status: 'loading',
        error: null,
        ...(isOtherRun
          ? {
              shownKey: null,
              cache: EMPTY_CACHE,
              total: null,
              run: null,
              facets: null,
              facetsStatus: 'idle',
              facetsKey: null,
              focusedIndex: 0,
              tablePlace: null,
            }
          : {}),
      });
      void fetchPage(key, 0);
    },
    ensureRange(first, last) {
      const { queryKey, shownKey, total, cache } = get();
      if (shownKey !== queryKey || total === null) return;
      visiblePages = pagesFor(first, last, total);
      const touched = touchPages(cache, visiblePages);
      if (touched !== cache) set({ cache: touched });
      for (const page of visiblePages) if (cache.pages[page] === undefined) void fetchPage(queryKey, page);
    },
    retry() {
      set({ status: 'loading', error: null });
      void fetchPage(get().queryKey, 0);
    },
    refresh() {
      const { queryKey, runId } = get();
      if (!runId) return;
      for (const page of new Set([0, ...visiblePages])) void fetchPage(queryKey, page);
      void loadRunContext(runId, true);
    },
    setFocusedIndex(index) {
      const total = get().total ?? 0;
      set({ focusedIndex: Math.max(0, Math.min(index, total - 1)) });
    },
    async loadDetail(rowId, query = get().query) {
      set((state) => ({ detail: { ...state.detail, rowId, status: 'loading', error: null } }));
      const result = await client().call('rows.get', { row_id: rowId, query });
      if (get().detail.rowId !== rowId) return;
      if (!result.ok) {
        set({ detail: { rowId, data: null, status: 'error', error: result.error.message } });
        return;
      }
      const position = result.value.neighbours?.position;
      set((state) => ({
        detail: { rowId, data: result.value, status: 'ready', error: null },
        ...(position != null ? { focusedIndex: position } : {}),
        tablePlace: { ...(state.tablePlace ?? { queryKey: state.queryKey, scrollTop: 0, height: 0 }), returnFocus: true },
      }));
    },
    leaveTable(place) {
      set({ tablePlace: { ...place, returnFocus: false } });
    },
    takeTablePlace() {
      const place = get().tablePlace;
      if (!place) return null;
      set({ tablePlace: null });
      return place;
    },
    follow: subscribeOnce(() => {
      isFollowing = true;
      if (isOutdated) {
        isOutdated = false;
        actions.refresh();
      }
      return () => {
        isFollowing = false;
      };
    }),
    receiveRunEvent(event) {
      if (isFollowing && event.run_id === get().runId) refreshSoon();
    },
    showConversation(runId, rowId) {
      const mine = { runId, rowId };
      shown = mine;
      return () => {
        if (shown === mine) shown = null;
      };
    },
    receiveRevision(runId) {
      if (runId !== get().runId) return;
      if (isFollowing) actions.refresh();
      else isOutdated = true;
      if (shown?.runId === runId) void actions.loadDetail(shown.rowId);
    },
  };
  return actions;
}
