import { MessagesSquare, Grid3x3 } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ErrorBanner } from '../../components/error-banner';
import { WarningsBanner } from '../../components/warnings-banner';
import { useOpenExport } from '../../components/export-dialog/use-open-export';
import { useNavigationStore } from '../../stores/navigation/store';
import { initialRunState } from '../../stores/run/initial-state';
import {
  selectCancelBlockedBy,
  selectCanCancel,
  selectCanResume,
  selectProgress,
  selectWriterElsewhere,
  writerLine,
} from '../../stores/run/selectors';
import { useRunStore } from '../../stores/run/store';
import '../../styles/run.css';
import { GradePanel } from './grade-panel';
import { ProgressPanel } from './progress-panel';
import { RunCharts } from './run-charts';
import { RunHeader } from './run-header';
import { RunSettings } from './run-settings';
import { RunSummary } from './run-summary';

/** One run: live progress, cancel and resume, the writers' shares and coverage growth, and its summary at the end. */
export function RunView({ runId }: { runId: string }) {
  const state = useRunStore(
    useShallow((store) => ({
      detail: store.runId === runId ? store.detail : null,
      status: store.status,
      error: store.error,
      live: store.live,
      actionStatus: store.actionStatus,
      actionError: store.actionError,
      canCancel: selectCanCancel(store),
      canResume: selectCanResume(store),
      cancelBlockedBy: selectCancelBlockedBy(store),
      writerElsewhere: store.runId === runId ? selectWriterElsewhere(store) : null,
      pace: store.pace,
    })),
  );
  // Derived here, not in the selector: a new object from a selector would re-render forever.
  const progress = useMemo(
    () => selectProgress({ ...initialRunState, detail: state.detail, live: state.live, writer: state.writerElsewhere, pace: state.pace }),
    [state.detail, state.live, state.writerElsewhere, state.pace],
  );
  const { open, leave, cancel, resume, reload } = useRunStore(
    useShallow((store) => ({ open: store.open, leave: store.leave, cancel: store.cancel, resume: store.resume, reload: store.reload })),
  );
  const navigate = useNavigationStore((store) => store.navigate);
  const openExport = useOpenExport();

  useEffect(() => {
    void open(runId);
    return () => leave();
  }, [open, leave, runId]);

  const { detail } = state;
  if (!detail) {
    return (
      <section className="view" aria-label="Run">
        {state.status === 'error' ? (
          <ErrorBanner message={`The run could not be loaded: ${state.error}`} onRetry={() => void reload()} />
        ) : (
          <p className="muted" role="status">
            Loading run…
          </p>
        )}
      </section>
    );
  }
  const { run, summary, batches } = detail;
  return (
    <section className="view run-view" aria-labelledby="run-title">
      <RunHeader
        run={run}
        canCancel={state.canCancel}
        canResume={state.canResume}
        cancelBlockedBy={state.cancelBlockedBy}
        actionStatus={state.actionStatus}
        onCancel={() => void cancel()}
        onResume={() => void resume()}
        onNewFromRun={() => navigate({ view: 'new-run', from_run: run.id })}
        onExport={() => openExport({ kind: 'run', run_id: run.id, run_name: run.name })}
      />
      <WarningsBanner warnings={run.warnings} degraded={run.degraded} />
      {state.actionError && <ErrorBanner message={state.actionError} />}
      {run.error && <ErrorBanner message={`The run stopped with an error: ${run.error}`} />}
      {progress && (
        <ProgressPanel
          run={run}
          progress={progress}
          writerNote={state.writerElsewhere ? writerLine(state.writerElsewhere) : null}
          resumedRows={summary?.search.rollouts.resumed ?? 0}
        />
      )}
      <nav className="run-links" aria-label="This run's data">
        <button type="button" onClick={() => navigate({ view: 'conversations', run_id: run.id })}>
          <MessagesSquare size={13} aria-hidden="true" /> Conversations <span className="n">{run.rows_done.toLocaleString()}</span>
        </button>
        <button type="button" onClick={() => navigate({ view: 'coverage', run_id: run.id })}>
          <Grid3x3 size={13} aria-hidden="true" /> Coverage
        </button>
      </nav>
      <GradePanel run={run} writtenElsewhere={state.writerElsewhere !== null} />
      <RunCharts batches={batches} />
      <div className="run-details">
        {summary ? (
          <RunSummary summary={summary} />
        ) : (
          <p className="muted run-summary-pending">
            The summary (coverage, rollouts, difficulty tiers, writer errors) lands when the run ends.
          </p>
        )}
        <RunSettings config={run.config} />
      </div>
    </section>
  );
}
