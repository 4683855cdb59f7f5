import { useCallback, useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { SettledValue } from '../../../shared/domain';
import { ErrorBanner } from '../../components/error-banner';
import { useLabelingStore } from '../../stores/labeling/store';
import { NameDialog, ShortcutsDialog } from './label-dialogs';
import { LabelsFiles } from './labels-files';
import { LastAction } from './last-action';
import { QueueHeader } from './queue-header';
import { QueueRow } from './queue-row';
import { RowPanel } from './row-panel';
import { SaveErrorBanner } from './save-error-banner';
import { scrollTarget, type ScrollMove } from './transcript-scroll';
import { TrustPanel } from './trust-panel';
import { useCurrentRow } from './use-current-row';
import { useLabelHotkeys } from './use-label-hotkeys';
import '../../styles/conversations.css';
import '../../styles/label.css';

/** The labeling queue of one run: a row at a time, by keyboard, beside the judge trust numbers. */
export function LabelView({ runId }: { runId: string }) {
  const { status, error, isNameDialogOpen, open, startQueue, give, next, previous, undo, adjudicate } = useLabelingStore(
    useShallow((state) => ({
      status: state.status,
      error: state.error,
      isNameDialogOpen: state.nameDialog.isOpen,
      open: state.open,
      startQueue: state.startQueue,
      give: state.give,
      next: state.next,
      previous: state.previous,
      undo: state.undo,
      adjudicate: state.adjudicate,
    })),
  );
  const { canSettle } = useCurrentRow();
  const [isHelpOpen, setHelpOpen] = useState(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const transcriptRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void open(runId);
  }, [open, runId]);

  const focusNote = useCallback(() => noteRef.current?.focus(), []);
  const showHelp = useCallback(() => setHelpOpen(true), []);
  /** Esc, or a choice made in a control: the control lets go and the conversation takes the keys. */
  const focusQueue = useCallback(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== transcriptRef.current) active.blur();
    transcriptRef.current?.focus({ preventScroll: true });
  }, []);
  const scroll = useCallback((move: ScrollMove) => {
    const area = transcriptRef.current;
    if (!area) return;
    area.scrollTo({ top: scrollTarget(move, { top: area.scrollTop, height: area.clientHeight, scrollHeight: area.scrollHeight }) });
  }, []);
  const settle = useCallback(
    (label: SettledValue) => {
      if (canSettle) void adjudicate(label);
    },
    [adjudicate, canSettle],
  );
  const runUndo = useCallback(() => void undo(), [undo]);
  useLabelHotkeys({
    isEnabled: status === 'ready' && !isNameDialogOpen && !isHelpOpen,
    give,
    next,
    previous,
    focusNote,
    showHelp,
    undo: runUndo,
    settle,
    scroll,
    focusQueue,
  });
  const showSpan = useCallback(() => transcriptRef.current?.querySelector('.conduct-mark')?.scrollIntoView({ block: 'center' }), []);

  return (
    <section className="view label-view" aria-labelledby="label-title">
      <QueueHeader runId={runId} onHelp={showHelp} onChosen={focusQueue} />
      <SaveErrorBanner />
      {status === 'error' && <ErrorBanner message={`The queue could not be read: ${error}`} onRetry={() => void startQueue('resume')} />}
      {/* Busy while a new order's queue is read: the old row stays on screen, and the keys wait for the new one. */}
      <div className="label-layout" aria-busy={status === 'loading'}>
        <div className="label-main" ref={transcriptRef} tabIndex={-1} role="region" aria-label="Conversation">
          <QueueRow runId={runId} scrollRef={transcriptRef} />
        </div>
        <aside className="label-side" aria-label="Labeling">
          <LastAction />
          <RowPanel noteRef={noteRef} onShowSpan={showSpan} onNoteDone={focusQueue} />
          <TrustPanel />
          <LabelsFiles />
        </aside>
      </div>
      <NameDialog />
      <ShortcutsDialog isOpen={isHelpOpen} onClose={() => setHelpOpen(false)} />
    </section>
  );
}
