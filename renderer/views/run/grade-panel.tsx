import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Run } from '../../../shared/domain';
import { ErrorBanner } from '../../components/error-banner';
import { WarningsBanner } from '../../components/warnings-banner';
import { runJudgeSpec } from '../../stores/grading/judge-choice';
import { isJobActive, latestJudge, summaryWarnings } from '../../stores/grading/selectors';
import { useGradingStore } from '../../stores/grading/store';
import { GradePanelForm } from './grade-panel-form';
import { GradePanelJob } from './grade-panel-job';
import { GradePanelSummary } from './grade-panel-summary';

const LIVE: readonly Run['status'][] = ['queued', 'running'];

/**
 * Grade this run: the judge (conduct checks only, the run's judge model, a rubric judge on a typed model, or a
 * decision judge), the job's live progress with Cancel, then the summary — warnings above every number — and who
 * made the grades. The counts here are the Run screen's pass counts.
 */
export function GradePanel({
  run,
  writtenElsewhere = false,
}: {
  run: Run;
  /** Another process writes the run (it cannot be cancelled here). */ writtenElsewhere?: boolean;
}) {
  const state = useGradingStore(
    useShallow((store) => ({
      isCurrent: store.runId === run.id,
      summary: store.summary,
      summaryStatus: store.summaryStatus,
      summaryError: store.summaryError,
      form: store.form,
      check: store.check,
      job: store.job,
      startError: store.startError,
      fieldError: store.fieldError,
    })),
  );
  const { open, reloadSummary, setForm, start, cancel } = useGradingStore(
    useShallow((store) => ({
      open: store.open,
      reloadSummary: store.reloadSummary,
      setForm: store.setForm,
      start: store.start,
      cancel: store.cancel,
    })),
  );
  const isLive = LIVE.includes(run.status);
  const modelsKey = JSON.stringify(run.config.models);

  // Read again when the run stops moving: its row count is final then.
  useEffect(() => {
    void open(run.id, JSON.parse(modelsKey) as Run['config']['models']);
  }, [open, run.id, modelsKey, isLive]);

  const summary = state.isCurrent ? state.summary : null;
  const job = state.isCurrent && state.job?.run_id === run.id ? state.job : null;
  const runJudge = runJudgeSpec(run.config);
  // With no grades there are no counts to warn about: the empty state says why, once (a live run's summary is
  // also stale until it ends).
  const hasGrades = latestJudge(summary) !== null;
  const stillSimulating = writtenElsewhere
    ? 'The run is still simulating in another process: grade it when it ends.'
    : 'The run is still simulating: grade it when it ends, or cancel it first.';
  const blocker = isLive ? stillSimulating : run.rows_done === 0 ? 'The run has no rows to grade.' : null;

  return (
    <section className="panel grade-panel" aria-labelledby="grade-panel-title">
      <h2 className="panel-title" id="grade-panel-title">
        Grade
      </h2>
      {state.startError && <ErrorBanner message={state.startError} />}
      <div className="grade-layout">
        <div className="grade-form-column">
          <GradePanelForm
            form={state.form}
            runJudge={runJudge}
            check={state.check}
            fieldError={state.fieldError}
            job={job}
            blocker={blocker}
            onChange={setForm}
            onStart={() => void start()}
          />
        </div>
        <div className="grade-summary-column grade-summary">
          <WarningsBanner warnings={summaryWarnings(hasGrades ? summary : null, job)} degraded={[]} label="Grading warnings" />
          {job && <GradePanelJob job={job} onCancel={() => void cancel()} />}
          {state.summaryStatus === 'error' && state.isCurrent && (
            <ErrorBanner message={`The grades could not be read: ${state.summaryError}`} onRetry={() => void reloadSummary()} />
          )}
          {summary ? (
            <GradePanelSummary
              summary={summary}
              isGrading={isJobActive(job)}
              emptyNote={isLive ? 'live' : run.rows_done === 0 ? 'no-rows' : 'ungraded'}
            />
          ) : (
            state.summaryStatus !== 'error' && (
              <p className="muted" role="status">
                Reading the grades…
              </p>
            )
          )}
        </div>
      </div>
    </section>
  );
}
