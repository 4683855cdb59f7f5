import { useCallback, useEffect, useMemo, useRef } from 'react';
import { DEFAULT_ROW_SORT, RowsQuery, type RowFilters, type RowSort } from '../../../shared/api/rows';
import { conversationFiltersKey } from '../../../shared/api/settings';
import { useConversationsStore } from '../../stores/conversations/store';
import { capSearch, filtersFromRoute, filtersToRoute, queryKeyOf } from '../../stores/conversations/query';
import type { Route } from '../../stores/navigation/routes';
import { useNavigationStore } from '../../stores/navigation/store';
import { useSettingsStore } from '../../stores/settings/store';
import { useSetting } from '../../stores/settings/use-setting';

type ConversationsRoute = Extract<Route, { view: 'conversations' }>;

const SavedQuery = RowsQuery.nullable();

/** A run's saved table query, read through its schema; undefined until loaded. */
export function useSavedQuery(runId: string): RowsQuery | null | undefined {
  return useSetting(conversationFiltersKey(runId), SavedQuery, null);
}

export interface ConversationsQuery {
  /** Null until the saved query is read (the first page waits for it, so a restart shows the kept filters at once). */
  query: RowsQuery | null;
  setFilters(filters: RowFilters): void;
  setSearch(search: string): void;
  setSort(sort: RowSort): void;
}

/**
 * The table's query: filters and search come from the route (links such as `?stance=hurried` work), the sort from
 * the run's saved query. Every change is saved, so a restart shows the same rows; opening the table without filters
 * in the link brings back the saved ones.
 */
export function useConversationsQuery(route: ConversationsRoute): ConversationsQuery {
  const saved = useSavedQuery(route.run_id);
  const save = useSettingsStore((state) => state.save);
  const navigate = useNavigationStore((state) => state.navigate);
  const setQuery = useConversationsStore((state) => state.setQuery);
  const restoredFor = useRef<string | null>(null);

  const routeFilters = useMemo(() => filtersFromRoute(route.filters), [route.filters]);
  const query = useMemo<RowsQuery | null>(
    // A link's search is cut to the contract's limit, so neither the page nor the saved query can fail on it.
    () =>
      saved === undefined
        ? null
        : { filters: routeFilters, search: capSearch(route.search ?? '').search.trim(), sort: saved?.sort ?? DEFAULT_ROW_SORT },
    [saved, routeFilters, route.search],
  );

  useEffect(() => {
    if (!query) return;
    if (restoredFor.current !== route.run_id) {
      restoredFor.current = route.run_id;
      const isBare = Object.keys(query.filters).length === 0 && query.search === '';
      if (isBare && saved && (Object.keys(saved.filters).length > 0 || saved.search !== '')) {
        navigate({
          view: 'conversations',
          run_id: route.run_id,
          filters: filtersToRoute(saved.filters),
          search: saved.search || undefined,
        });
        return;
      }
    }
    setQuery(route.run_id, query);
    if (!saved || queryKeyOf(route.run_id, saved) !== queryKeyOf(route.run_id, query))
      void save(conversationFiltersKey(route.run_id), query);
  }, [query, route.run_id, saved, save, setQuery, navigate]);

  const go = useCallback(
    (filters: RowFilters, search: string) =>
      navigate({
        view: 'conversations',
        run_id: route.run_id,
        filters: filtersToRoute(filters),
        search: capSearch(search).search.trim() || undefined,
      }),
    [navigate, route.run_id],
  );

  const latest = useRef(query);
  latest.current = query;
  const setFilters = useCallback((filters: RowFilters) => go(filters, latest.current?.search ?? ''), [go]);
  const setSearch = useCallback((search: string) => go(latest.current?.filters ?? {}, search), [go]);
  const setSort = useCallback(
    (sort: RowSort) => {
      if (latest.current) void save(conversationFiltersKey(route.run_id), { ...latest.current, sort });
    },
    [save, route.run_id],
  );
  return { query, setFilters, setSearch, setSort };
}
