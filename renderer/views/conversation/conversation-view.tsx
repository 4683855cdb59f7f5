import { ArrowLeft, ChevronDown, ChevronUp } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { useShallow } from 'zustand/react/shallow';
import type { RowDetail } from '../../../shared/api/rows';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { WarningsBanner } from '../../components/warnings-banner';
import { defaultQuery, filtersToRoute } from '../../stores/conversations/query';
import { useConversationsStore } from '../../stores/conversations/store';
import { useGradingStore } from '../../stores/grading/store';
import type { Route } from '../../stores/navigation/routes';
import { useNavigationStore } from '../../stores/navigation/store';
import { LabelDialog } from '../conversations/label-dialog';
import { useSavedQuery } from '../conversations/use-conversations-query';
import { GradesPanel, PersonaPanel, RunContextPanel, SituationPanel } from './context-panels';
import { LabelsPanel } from './labels-panel';
import { LabelBar } from './label-bar';
import { Transcript, type FiredSpan } from './transcript';
import '../../styles/conversations.css';

/** The latest conduct grade that points at text: what the transcript marks. */
function firedSpan(detail: RowDetail | null): FiredSpan | null {
  const grade = detail?.grades.filter((entry) => entry.label_source === 'conduct').at(-1);
  if (!grade?.span) return null;
  return { span: grade.span, rule: typeof grade.judge_meta.rule === 'string' ? grade.judge_meta.rule : 'conduct' };
}

/**
 * One conversation: the transcript beside its situation, persona, grades and labels. j / k (or the right and left
 * arrows) step through the table's rows in its filter and sort; Escape goes back to the table.
 */
export function ConversationView({ route }: { route: Extract<Route, { view: 'conversation' }> }) {
  const saved = useSavedQuery(route.run_id);
  const navigate = useNavigationStore((state) => state.navigate);
  const { storeRunId, query, queryKey, detail, setQuery, loadDetail, showConversation } = useConversationsStore(
    useShallow((state) => ({
      storeRunId: state.runId,
      query: state.query,
      queryKey: state.queryKey,
      detail: state.detail,
      setQuery: state.setQuery,
      loadDetail: state.loadDetail,
      showConversation: state.showConversation,
    })),
  );
  const isQueryReady = storeRunId === route.run_id;

  useEffect(() => {
    if (!isQueryReady && saved !== undefined) setQuery(route.run_id, saved ?? defaultQuery());
  }, [isQueryReady, saved, route.run_id, setQuery]);

  // The store's own query (loadDetail's default), so a new object for the same query (same key) does not reload.
  useEffect(() => {
    if (isQueryReady) void loadDetail(route.row_id);
  }, [isQueryReady, route.row_id, queryKey, loadDetail]);

  // A label given here (or a grading that ended) is read back with the row (api/subscriptions): the labels panel
  // shows what was stored.
  useEffect(() => showConversation(route.run_id, route.row_id), [showConversation, route.run_id, route.row_id]);
  const loadAnnotator = useGradingStore((state) => state.loadAnnotator);
  useEffect(() => {
    void loadAnnotator();
  }, [loadAnnotator]);

  const data = detail.data?.row_id === route.row_id || detail.status === 'loading' ? detail.data : null;
  const neighbours = data?.neighbours ?? null;
  const step = useCallback(
    (rowId: string | null | undefined) => {
      if (rowId) navigate({ view: 'conversation', run_id: route.run_id, row_id: rowId });
    },
    [navigate, route.run_id],
  );
  const back = useCallback(
    () =>
      navigate({ view: 'conversations', run_id: route.run_id, filters: filtersToRoute(query.filters), search: query.search || undefined }),
    [navigate, route.run_id, query],
  );
  useHotkeys('j, right', () => step(neighbours?.next), { preventDefault: true }, [neighbours, step]);
  useHotkeys('k, left', () => step(neighbours?.previous), { preventDefault: true }, [neighbours, step]);
  useHotkeys('escape', back, [back]);

  // Opening a conversation puts keyboard focus on its heading, so the keys that follow (Tab, arrows, screen reader
  // commands) start here rather than on the page. Stepping rows keeps focus where it is (a Next button stays under
  // the finger) unless it was lost with the previous row's content.
  const heading = useRef<HTMLHeadingElement>(null);
  const isOpening = useRef(true);
  useEffect(() => {
    const active = document.activeElement;
    if (isOpening.current || active === null || active === document.body) heading.current?.focus({ preventScroll: true });
    isOpening.current = false;
  }, [route.row_id]);

  const fired = useMemo(() => firedSpan(data), [data]);
  const showSpan = useCallback(() => document.querySelector('.conduct-mark')?.scrollIntoView({ block: 'center' }), []);

  return (
    <section className="view conversation-view" aria-labelledby="conversation-title" aria-busy={detail.status === 'loading'}>
      <header className="view-header conversation-header">
        <button type="button" onClick={back} aria-keyshortcuts="Escape">
          <ArrowLeft size={14} aria-hidden="true" /> Conversations
        </button>
        <h1 id="conversation-title" ref={heading} tabIndex={-1}>
          Conversation {data ? `#${data.row.ordinal}` : ''}
        </h1>
        <code className="muted">{route.row_id}</code>
        <span className="toolbar-spacer" />
        {neighbours && (
          <span className="count">
            {neighbours.position === null
              ? `not in the current filter (${neighbours.total.toLocaleString()} rows)`
              : `${(neighbours.position + 1).toLocaleString()} of ${neighbours.total.toLocaleString()}`}
          </span>
        )}
        <button type="button" onClick={() => step(neighbours?.previous)} disabled={!neighbours?.previous} aria-keyshortcuts="k ArrowLeft">
          <ChevronUp size={14} aria-hidden="true" /> Previous
        </button>
        <button type="button" onClick={() => step(neighbours?.next)} disabled={!neighbours?.next} aria-keyshortcuts="j ArrowRight">
          <ChevronDown size={14} aria-hidden="true" /> Next
        </button>
      </header>
      <p className="muted keyboard-hint">
        j / k or → / ← for the next and previous row in the table's filter and sort · p f u s e to label it · Esc back to the table
      </p>
      {data && <LabelBar runId={route.run_id} rowId={route.row_id} labels={data.row_id === route.row_id ? data.labels : []} />}
      {detail.status === 'error' && detail.rowId === route.row_id && (
        <ErrorBanner
          message={`This conversation could not be loaded: ${detail.error}`}
          onRetry={() => void loadDetail(route.row_id, query)}
        />
      )}
      {!data && detail.status === 'loading' && (
        <p className="muted" role="status">
          Loading the conversation…
        </p>
      )}
      {!data && detail.status === 'ready' && <EmptyState title="Nothing to show" />}
      {data && (
        <>
          <WarningsBanner warnings={data.row.seeded.map((seed) => `The demo agent planted: ${seed}`)} degraded={data.row.degraded} />
          <div className="conversation-layout">
            <Transcript messages={data.row.messages} fired={fired} />
            <aside className="conversation-context" aria-label="Context">
              <GradesPanel grades={data.grades} messages={data.row.messages} onShowSpan={showSpan} />
              <SituationPanel row={data.row} />
              <PersonaPanel row={data.row} />
              <LabelsPanel runId={route.run_id} detail={data} />
              <RunContextPanel detail={data} />
            </aside>
          </div>
        </>
      )}
      <LabelDialog />
    </section>
  );
}
