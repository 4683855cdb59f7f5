import { useEffect, useMemo, type RefObject } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { useLabelingStore } from '../../stores/labeling/store';
import { useNavigationStore } from '../../stores/navigation/store';
import { Transcript, type FiredSpan } from '../conversation/transcript';
import { RowSituation } from './row-situation';
import { useCurrentRow } from './use-current-row';

interface QueueRowProps {
  runId: string;
  /** The scrolling area the transcript sits in: back at its top on every new row. */
  scrollRef: RefObject<HTMLDivElement | null>;
}

/** The row on screen: its situation and transcript, the conduct span marked unless blind mode hides it. */
export function QueueRow({ runId, scrollRef }: QueueRowProps) {
  const { item, detail, isHidden, conduct } = useCurrentRow();
  const { total, status, detailStatus, detailError, position, goTo } = useLabelingStore(
    useShallow((state) => ({
      total: state.total,
      status: state.status,
      detailStatus: state.detailStatus,
      detailError: state.detailError,
      position: state.position,
      goTo: state.goTo,
    })),
  );
  const navigate = useNavigationStore((state) => state.navigate);
  const rowId = item?.row_id ?? null;
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [scrollRef, rowId]);
  const fired = useMemo<FiredSpan | null>(() => {
    if (isHidden || !conduct?.span) return null;
    return { span: conduct.span, rule: typeof conduct.judge_meta.rule === 'string' ? conduct.judge_meta.rule : 'conduct' };
  }, [isHidden, conduct]);

  if (total === 0) {
    return (
      <EmptyState title="This run has no rows to label">
        <p>Rows appear here as the run stores them.</p>
        <button type="button" onClick={() => navigate({ view: 'run', run_id: runId })}>
          Open the run
        </button>
      </EmptyState>
    );
  }
  if (status === 'loading' && !item) {
    return (
      <p className="muted" role="status">
        Reading the queue…
      </p>
    );
  }
  if (detailStatus === 'error') {
    return <ErrorBanner message={`This conversation could not be loaded: ${detailError}`} onRetry={() => goTo(position)} />;
  }
  if (!detail) {
    return (
      <p className="muted" role="status">
        Loading the conversation…
      </p>
    );
  }
  return (
    <>
      <RowSituation detail={detail} onOpen={() => navigate({ view: 'conversation', run_id: runId, row_id: detail.row_id })} />
      <Transcript key={detail.row_id} messages={detail.row.messages} fired={fired} />
    </>
  );
}
