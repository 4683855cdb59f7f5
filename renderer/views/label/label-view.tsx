import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import {
  conductGrade,
  isVerdictHidden,
  queueJudgeGrade,
  selectCurrentDetail,
  selectCurrentItem,
  selectProgress,
  verdictOfGrade,
} from '../../stores/labeling/selectors';
import { useLabelingStore } from '../../stores/labeling/store';
import { useNavigationStore } from '../../stores/navigation/store';
import { Transcript, type FiredSpan } from '../conversation/transcript';
import { LabelBadge, VerdictBadge } from '../conversations/verdict-badge';
import { NameDialog, ShortcutsDialog } from './label-dialogs';
import { LabelsFiles } from './labels-files';
import { QueueHeader } from './queue-header';
import { RowPanel, type SaveState } from './row-panel';
import { RowSituation } from './row-situation';
import { TrustPanel } from './trust-panel';
import { useLabelHotkeys } from './use-label-hotkeys';
import '../../styles/conversations.css';
import '../../styles/label.css';

/** What the person just labelled, and (now that they have) what the judge said on it: the blind reveal. */
function LastSaved() {
  const { lastSaved, detail, judgeKey } = useLabelingStore(
    useShallow((state) => ({
      lastSaved: state.lastSaved,
      detail: state.lastSaved ? state.details[state.lastSaved.rowId] : undefined,
      judgeKey: state.judgeKey,
    })),
  );
  if (!lastSaved) {
    return (
      <p className="last-saved muted" role="status" aria-label="Last label">
        Keys label at once: p f u s e · j k move · ? all keys
      </p>
    );
  }
  const grade = queueJudgeGrade(detail ?? null, judgeKey);
  const judgeVerdict = grade ? verdictOfGrade(grade) : null;
  const isDisagreement =
    judgeVerdict !== null &&
    (lastSaved.label === 'pass' || lastSaved.label === 'fail') &&
    (judgeVerdict === 'pass' || judgeVerdict === 'fail') &&
    judgeVerdict !== lastSaved.label;
  return (
    <p className="last-saved" role="status" aria-label="Last label">
      <span className="muted">Saved</span> #{lastSaved.ordinal} <LabelBadge label={lastSaved.label} />
      {judgeVerdict && (
        <>
          <span className="muted">· {judgeKey} said</span> <VerdictBadge verdict={judgeVerdict} />
          {isDisagreement && <span className="disagree">disagrees</span>}
        </>
      )}
    </p>
  );
}

/** The labeling queue of one run: a row at a time, by keyboard, beside the judge trust numbers. */
export function LabelView({ runId }: { runId: string }) {
  const store = useLabelingStore(
    useShallow((state) => ({
      status: state.status,
      error: state.error,
      run: state.run,
      order: state.order,
      isBlind: state.isBlind,
      counts: state.counts,
      judgeKey: state.judgeKey,
      annotator: state.annotator,
      total: state.total,
      position: state.position,
      detailStatus: state.detailStatus,
      detailError: state.detailError,
      note: state.note,
      pending: state.pending,
      saveError: state.saveError,
      agreement: state.agreement,
      nameDialog: state.nameDialog,
      files: state.files,
      item: selectCurrentItem(state),
      detail: selectCurrentDetail(state),
    })),
  );
  const actions = useLabelingStore(
    useShallow((state) => ({
      open: state.open,
      startQueue: state.startQueue,
      goTo: state.goTo,
      next: state.next,
      previous: state.previous,
      give: state.give,
      setNote: state.setNote,
      saveNote: state.saveNote,
      setOrder: state.setOrder,
      setBlind: state.setBlind,
      setJudge: state.setJudge,
      retrySave: state.retrySave,
      dismissSaveError: state.dismissSaveError,
      openNameDialog: state.openNameDialog,
      closeNameDialog: state.closeNameDialog,
      saveName: state.saveName,
      labelUnsigned: state.labelUnsigned,
      importLabels: state.importLabels,
      exportFile: state.exportFile,
      dismissFiles: state.dismissFiles,
    })),
  );
  const navigate = useNavigationStore((state) => state.navigate);
  const progress = selectProgress(store);
  const [isHelpOpen, setHelpOpen] = useState(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const transcriptRef = useRef<HTMLDivElement>(null);
  const { open } = actions;

  useEffect(() => {
    void open(runId);
  }, [open, runId]);

  const rowId = store.item?.row_id ?? null;
  useEffect(() => {
    transcriptRef.current?.scrollTo({ top: 0 });
  }, [rowId]);

  const focusNote = useCallback(() => noteRef.current?.focus(), []);
  const showHelp = useCallback(() => setHelpOpen(true), []);
  useLabelHotkeys({
    isEnabled: store.status === 'ready' && !store.nameDialog.isOpen && !isHelpOpen,
    give: actions.give,
    next: actions.next,
    previous: actions.previous,
    focusNote,
    showHelp,
  });

  const onNoteDone = useCallback(
    (save: boolean) => {
      if (save) actions.saveNote();
      noteRef.current?.blur();
    },
    [actions],
  );

  const isHidden = isVerdictHidden(store.isBlind, store.item);
  const judgeGrade = queueJudgeGrade(store.detail, store.judgeKey);
  const conduct = conductGrade(store.detail);
  const fired = useMemo<FiredSpan | null>(() => {
    if (isHidden || !conduct?.span) return null;
    return { span: conduct.span, rule: typeof conduct.judge_meta.rule === 'string' ? conduct.judge_meta.rule : 'conduct' };
  }, [isHidden, conduct]);
  const showSpan = useCallback(() => transcriptRef.current?.querySelector('.conduct-mark')?.scrollIntoView({ block: 'center' }), []);

  const saveState: SaveState =
    rowId === null
      ? null
      : store.pending.some((entry) => entry.rowId === rowId)
        ? 'saving'
        : store.saveError?.rowId === rowId
          ? 'unsaved'
          : store.item?.label
            ? 'saved'
            : null;
  const judges = store.agreement.data?.judges ?? [];

  return (
    <section className="view label-view" aria-labelledby="label-title">
      <QueueHeader
        runName={store.run?.name ?? null}
        runId={runId}
        annotator={store.annotator}
        progress={progress}
        order={store.order}
        counts={store.counts}
        isBlind={store.isBlind}
        judges={judges}
        judgeKey={store.judgeKey}
        onOrder={actions.setOrder}
        onBlind={actions.setBlind}
        onJudge={actions.setJudge}
        onName={actions.openNameDialog}
        onHelp={showHelp}
        onPrevious={actions.previous}
        onNext={actions.next}
      />
      {store.saveError && (
        <div className="error-banner" role="alert">
          <span>
            The label <strong>{store.saveError.label.replace('_', ' ')}</strong> on row #{store.saveError.ordinal} was not saved and has
            been undone: {store.saveError.message}
          </span>
          <button type="button" onClick={actions.retrySave}>
            Try again
          </button>
          <button type="button" onClick={() => actions.goTo(store.saveError!.position)}>
            Go to row #{store.saveError.ordinal}
          </button>
          <button type="button" onClick={actions.dismissSaveError}>
            Dismiss
          </button>
        </div>
      )}
      {store.status === 'error' && (
        <ErrorBanner message={`The queue could not be read: ${store.error}`} onRetry={() => void actions.startQueue('resume')} />
      )}
      <div className="label-layout">
        <div className="label-main" ref={transcriptRef}>
          {store.total === 0 ? (
            <EmptyState title="This run has no rows to label">
              <p>Rows appear here as the run stores them.</p>
              <button type="button" onClick={() => navigate({ view: 'run', run_id: runId })}>
                Open the run
              </button>
            </EmptyState>
          ) : store.status === 'loading' && !store.item ? (
            <p className="muted" role="status">
              Reading the queue…
            </p>
          ) : store.detailStatus === 'error' ? (
            <ErrorBanner
              message={`This conversation could not be loaded: ${store.detailError}`}
              onRetry={() => actions.goTo(store.position)}
            />
          ) : store.detail ? (
            <>
              <RowSituation
                detail={store.detail}
                onOpen={() => navigate({ view: 'conversation', run_id: runId, row_id: store.detail!.row_id })}
              />
              <Transcript key={store.detail.row_id} messages={store.detail.row.messages} fired={fired} />
            </>
          ) : (
            <p className="muted" role="status">
              Loading the conversation…
            </p>
          )}
        </div>
        <aside className="label-side" aria-label="Labeling">
          <LastSaved />
          {store.item && (
            <RowPanel
              item={store.item}
              detail={store.detail}
              judgeKey={store.judgeKey}
              judgeGrade={judgeGrade}
              conduct={conduct}
              isHidden={isHidden}
              saveState={saveState}
              note={store.note.rowId === rowId ? store.note.text : ''}
              noteRef={noteRef}
              onNote={actions.setNote}
              onNoteDone={onNoteDone}
              onGive={actions.give}
              onShowSpan={showSpan}
            />
          )}
          <TrustPanel report={store.agreement.data} status={store.agreement.status} error={store.agreement.error} />
          <LabelsFiles files={store.files} onImport={actions.importLabels} onExport={actions.exportFile} onDismiss={actions.dismissFiles} />
        </aside>
      </div>
      <NameDialog
        isOpen={store.nameDialog.isOpen}
        current={store.annotator}
        pendingLabel={store.nameDialog.pendingLabel}
        isSaving={store.nameDialog.isSaving}
        error={store.nameDialog.error}
        onSave={actions.saveName}
        onUnsigned={actions.labelUnsigned}
        onClose={actions.closeNameDialog}
      />
      <ShortcutsDialog isOpen={isHelpOpen} onClose={() => setHelpOpen(false)} />
    </section>
  );
}
