import { Download, X } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ROW_FILTER_KEYS, type RowColumn, type RowFacets, type RowFilters, type RowSummary } from '../../../shared/api/rows';
import { CONVERSATION_COLUMNS_KEY, ConversationColumnsSetting } from '../../../shared/api/settings';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { WarningsBanner } from '../../components/warnings-banner';
import { useAppStore } from '../../stores/app/store';
import { selectIsEmpty, selectIsStale, selectRunTotal } from '../../stores/conversations/selectors';
import { useConversationsStore } from '../../stores/conversations/store';
import { useExportStore } from '../../stores/export/store';
import type { Route } from '../../stores/navigation/routes';
import { useNavigationStore } from '../../stores/navigation/store';
import { useSettingsStore } from '../../stores/settings/store';
import { useSetting } from '../../stores/settings/use-setting';
import { ColumnChooser } from './column-chooser';
import { COLUMN_LAYOUT, DEFAULT_HIDDEN } from './columns';
import { BulkLabel } from './bulk-label';
import { ConversationsGrid } from './conversations-grid';
import { LabelDialog } from './label-dialog';
import { SearchBox } from './search-box';
import { useConversationsQuery } from './use-conversations-query';
import { useRowSelection } from './use-row-selection';
import '../../styles/conversations.css';

const FALLBACK_COLUMNS = { hidden: [...DEFAULT_HIDDEN] };

/** The columns the person hid (saved across restarts); undefined until read. */
function useHiddenColumns(): [RowColumn[] | undefined, (hidden: RowColumn[]) => void] {
  const save = useSettingsStore((state) => state.save);
  const setting = useSetting(CONVERSATION_COLUMNS_KEY, ConversationColumnsSetting, FALLBACK_COLUMNS);
  const setHidden = useCallback((hidden: RowColumn[]) => void save(CONVERSATION_COLUMNS_KEY, { hidden }), [save]);
  return [setting?.hidden, setHidden];
}

const filterLabel = (key: (typeof ROW_FILTER_KEYS)[number]) => (key === 'conduct_rule' ? 'Conduct rule' : COLUMN_LAYOUT[key].label);

function ActiveFilters({ filters, onChange }: { filters: RowFilters; onChange(filters: RowFilters): void }) {
  const active = ROW_FILTER_KEYS.filter((key) => (filters[key]?.length ?? 0) > 0);
  if (active.length === 0) return null;
  return (
    <ul className="active-filters" aria-label="Active filters">
      {active.map((key) => (
        <li key={key} className="chip">
          <span>
            {filterLabel(key)}: {filters[key]!.join(', ')}
          </span>
          <button
            type="button"
            className="icon-button"
            aria-label={`Remove the ${filterLabel(key)} filter`}
            onClick={() => onChange({ ...filters, [key]: [] })}
          >
            <X size={12} aria-hidden="true" />
          </button>
        </li>
      ))}
      <li>
        <button type="button" className="link-button" onClick={() => onChange({})}>
          Clear all
        </button>
      </li>
    </ul>
  );
}

/** Who graded this run's rows: conduct checks and each judge, with how many rows each covers. */
function GradeSources({ facets }: { facets: RowFacets | null }) {
  if (!facets) return null;
  const labelled = facets.columns.label.filter((facet) => facet.value !== 'unlabelled').reduce((sum, facet) => sum + facet.count, 0);
  return (
    <p className="grade-sources" aria-label="Grades">
      {facets.sources.length === 0 ? (
        <span>Ungraded: no conduct checks or judges have run on these rows.</span>
      ) : (
        facets.sources.map((source) => (
          <span key={`${source.label_source}:${source.judge_name}`}>
            {source.label_source === 'conduct' ? 'Conduct checks' : source.judge_name}{' '}
            <span className="n">
              {source.rows.toLocaleString()} of {facets.total.toLocaleString()} rows
            </span>
          </span>
        ))
      )}
      <span>
        Human labels <span className="n">{labelled.toLocaleString()}</span>
      </span>
    </p>
  );
}

export function ConversationsView({ route }: { route: Extract<Route, { view: 'conversations' }> }) {
  const { query, setFilters, setSearch, setSort } = useConversationsQuery(route);
  const [hidden, setHidden] = useHiddenColumns();
  const navigate = useNavigationStore((state) => state.navigate);
  const { total, runTotal, status, error, run, facets, isEmpty, isStale, retry, follow } = useConversationsStore(
    useShallow((state) => ({
      total: state.total,
      runTotal: selectRunTotal(state),
      status: state.status,
      error: state.error,
      run: state.run,
      facets: state.facets,
      isEmpty: selectIsEmpty(state),
      isStale: selectIsStale(state),
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
  const openExport = useExportStore((state) => state.open);
  const dataDir = useAppStore((state) => state.info?.data_dir ?? null);
  const exportRows = () => {
    if (!query) return;
    openExport(
      { kind: 'table', run_id: route.run_id, run_name: run?.name ?? route.run_id, query, row_ids: [...selection.ids] },
      { dataDir },
    );
  };
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
        <span className="count" role="status" aria-live="polite">
          {total === null
            ? 'Loading conversations…'
            : hasFilters && runTotal !== null
              ? `${total.toLocaleString()} of ${runTotal.toLocaleString()} conversations`
              : `${total.toLocaleString()} ${total === 1 ? 'conversation' : 'conversations'}`}
          {isStale && ' · updating…'}
        </span>
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
        <button
          type="button"
          onClick={exportRows}
          disabled={!query || total === 0}
          title={checked > 0 ? 'Export the checked conversations' : 'Export every conversation this filter shows'}
        >
          <Download size={13} aria-hidden="true" /> {checked > 0 ? `Export ${checked.toLocaleString()} checked…` : 'Export…'}
        </button>
        {hidden && <ColumnChooser hidden={hidden} onChange={setHidden} />}
      </div>
      {query && <ActiveFilters filters={query.filters} onChange={setFilters} />}
      <GradeSources facets={facets} />
      {status === 'error' && <ErrorBanner message={`The conversations could not be loaded: ${error}`} onRetry={retry} />}
      {settingsError && <ErrorBanner message={`${settingsError} It applies until While Studio restarts.`} />}
      {isEmpty && !hasFilters && (
        <EmptyState title="No conversations yet">
          <p>Rows appear here as the run stores them.</p>
        </EmptyState>
      )}
      {isEmpty && hasFilters && (
        <EmptyState title="No conversation matches">
          <p>No row of this run matches these filters and search.</p>
          <button
            type="button"
            onClick={() => navigate({ view: 'conversations', run_id: route.run_id, filters: undefined, search: undefined })}
          >
            Clear filters and search
          </button>
        </EmptyState>
      )}
      {query && hidden && !isEmpty && total !== null && (
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
      <LabelDialog />
    </section>
  );
}
