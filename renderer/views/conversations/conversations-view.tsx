import { useCallback, useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { RowColumn, RowSummary } from '../../../shared/api/rows';
import { CONVERSATION_COLUMNS_KEY, ConversationColumnsSetting } from '../../../shared/api/settings';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { WarningsBanner } from '../../components/warnings-banner';
import { selectIsEmpty } from '../../stores/conversations/selectors';
import { useConversationsStore } from '../../stores/conversations/store';
import type { Route } from '../../stores/navigation/routes';
import { useNavigationStore } from '../../stores/navigation/store';
import { useSettingsStore } from '../../stores/settings/store';
import { useSetting } from '../../stores/settings/use-setting';
import { ActiveFilters } from './active-filters';
import { ColumnChooser } from './column-chooser';
import { ConversationCount } from './conversation-count';
import { DEFAULT_HIDDEN } from './grid/columns';
import { BulkLabel } from './bulk-label';
import { ConversationsGrid } from './grid/conversations-grid';
import { EmptyFilters } from './empty-filters';
import { ExportRowsButton } from './export-rows-button';
import { LabelDialog } from './label-dialog';
import { SearchBox } from './search-box';
import { useConversationsQuery } from './use-conversations-query';
import { useRowSelection } from './use-row-selection';
import { WhoGraded } from './who-graded';
import '../../styles/conversations.css';

const FALLBACK_COLUMNS = { hidden: [...DEFAULT_HIDDEN] };

/** The columns the person hid (saved across restarts); undefined until read. */
function useHiddenColumns(): [RowColumn[] | undefined, (hidden: RowColumn[]) => void] {
  const save = useSettingsStore((state) => state.save);
  const setting = useSetting(CONVERSATION_COLUMNS_KEY, ConversationColumnsSetting, FALLBACK_COLUMNS);
  const setHidden = useCallback((hidden: RowColumn[]) => void save(CONVERSATION_COLUMNS_KEY, { hidden }), [save]);
  return [setting?.hidden, setHidden];
}

export function ConversationsView({ route }: { route: Extract<Route, { view: 'conversations' }> }) {
  const { query, setFilters, setSearch, setSort } = useConversationsQuery(route);
  const [hidden, setHidden] = useHiddenColumns();
  const navigate = useNavigationStore((state) => state.navigate);
  const { hasTotal, status, error, run, isEmpty, retry, follow } = useConversationsStore(
    useShallow((state) => ({
      hasTotal: state.total !== null,
      status: state.status,
      error: state.error,
      run: state.run,
      isEmpty: selectIsEmpty(state),
      retry: state.retry,
      follow: state.follow,
    })),
  );
  const settingsError = useSettingsStore((state) => state.error);
  useEffect(() => follow(), [follow]);

  const open = useCallback(
    (row: RowSummary) => navigate({ view: 'conversation', run_id: route.run_id, row_id: row.row_id }),
    [navigate, route.run_id],
  );
  const hasFilters = query !== null && (Object.keys(query.filters).length > 0 || query.search !== '');
  const selection = useRowSelection(`${route.run_id}|${JSON.stringify(query?.filters ?? {})}|${query?.search ?? ''}`);
  const checked = selection.ids.size;

  return (
    <section className="view conversations-view" aria-labelledby="conversations-title">
      <header className="view-header">
        <h1 id="conversations-title">Conversations</h1>
        {run && <span className="muted run-name">{run.name}</span>}
      </header>
      {run && <WarningsBanner warnings={run.warnings} degraded={run.degraded} />}
      <div className="conversations-toolbar">
        <SearchBox value={query?.search ?? ''} onSearch={setSearch} />
        <ConversationCount hasFilters={hasFilters} />
        <span className="toolbar-spacer" />
        {checked > 0 && (
          <span className="conversations-selection">
            <span role="status">{checked.toLocaleString()} checked</span>
            <BulkLabel target={{ kind: 'rows', run_id: route.run_id, row_ids: [...selection.ids] }} count={checked} title="Label as" />
            <button type="button" className="link-button" onClick={selection.clear}>
              Clear
            </button>
          </span>
        )}
        <ExportRowsButton runId={route.run_id} query={query} checked={selection.ids} />
        {hidden && <ColumnChooser hidden={hidden} onChange={setHidden} />}
      </div>
      {query && <ActiveFilters filters={query.filters} onChange={setFilters} />}
      <WhoGraded />
      {status === 'error' && <ErrorBanner message={`The conversations could not be loaded: ${error}`} onRetry={retry} />}
      {settingsError && <ErrorBanner message={`${settingsError} It applies until While Studio restarts.`} />}
      {isEmpty && !hasFilters && (
        <EmptyState title="No conversations yet">
          <p>Rows appear here as the run stores them.</p>
        </EmptyState>
      )}
      {query && hidden && hasTotal && !(isEmpty && !hasFilters) && (
        <ConversationsGrid
          hidden={hidden}
          sort={query.sort}
          filters={query.filters}
          onSort={setSort}
          onFilter={setFilters}
          onOpen={open}
          checked={selection.ids}
          onToggle={selection.toggle}
        />
      )}
      {query && isEmpty && hasFilters && (
        <EmptyFilters filters={query.filters} search={query.search} onFilters={setFilters} onSearch={setSearch} />
      )}
      <LabelDialog />
    </section>
  );
}
