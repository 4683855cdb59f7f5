import { useCallback, useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ErrorBanner } from '../../components/error-banner';
import { useLabelingStore } from '../../stores/labeling/store';
import { NameDialog, ShortcutsDialog } from './label-dialogs';
import { LabelsFiles } from './labels-files';
import { LastSaved } from './last-saved';
import { QueueHeader } from './queue-header';
import { QueueRow } from './queue-row';
import { RowPanel } from './row-panel';
import { SaveErrorBanner } from './save-error-banner';
import { TrustPanel } from './trust-panel';
import { useLabelHotkeys } from './use-label-hotkeys';
import '../../styles/conversations.css';
import '../../styles/label.css';

/** The labeling queue of one run: a row at a time, by keyboard, beside the judge trust numbers. */
export function LabelView({ runId }: { runId: string }) {
  const { status, error, isNameDialogOpen, open, startQueue, give, next, previous } = useLabelingStore(
    useShallow((state) => ({
      status: state.status,
      error: state.error,
      isNameDialogOpen: state.nameDialog.isOpen,
      open: state.open,
      startQueue: state.startQueue,
      give: state.give,
      next: state.next,
      previous: state.previous,
    })),
  );
  const [isHelpOpen, setHelpOpen] = useState(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const transcriptRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void open(runId);
  }, [open, runId]);

  const focusNote = useCallback(() => noteRef.current?.focus(), []);
  const showHelp = useCallback(() => setHelpOpen(true), []);
  useLabelHotkeys({ isEnabled: status === 'ready' && !isNameDialogOpen && !isHelpOpen, give, next, previous, focusNote, showHelp });
  const showSpan = useCallback(() => transcriptRef.current?.querySelector('.conduct-mark')?.scrollIntoView({ block: 'center' }), []);

  return (
    <section className="view label-view" aria-labelledby="label-title">
      <QueueHeader runId={runId} onHelp={showHelp} />
      <SaveErrorBanner />
      {status === 'error' && <ErrorBanner message={`The queue could not be read: ${error}`} onRetry={() => void startQueue('resume')} />}
      <div className="label-layout">
        <div className="label-main" ref={transcriptRef}>
          <QueueRow runId={runId} scrollRef={transcriptRef} />
        </div>
        <aside className="label-side" aria-label="Labeling">
          <LastSaved />
          <RowPanel noteRef={noteRef} onShowSpan={showSpan} />
          <TrustPanel />
          <LabelsFiles />
        </aside>
      </div>
      <NameDialog />
      <ShortcutsDialog isOpen={isHelpOpen} onClose={() => setHelpOpen(false)} />
    </section>
  );
}
