import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { EmptyState } from '../../components/empty-state';
import { WarningsBanner } from '../../components/warnings-banner';
import { headlineTone, signed } from '../../stores/prove/selectors';
import { useProveStore } from '../../stores/prove/store';
import { ForestPlot } from './forest-plot';
import { sameSideProblem } from './same-side';
import { SidePicker } from './side-picker';
import '../../styles/prove.css';

/** Proving it: held-out results before and after, a paired report per task category, as a forest plot. */
export function ProveView() {
  const state = useProveStore(
    useShallow((store) => ({
      runs: store.runs,
      before: store.before,
      after: store.after,
      status: store.status,
      error: store.error,
      result: store.result,
    })),
  );
  const { loadRuns, setSide, chooseFile, compare } = useProveStore(
    useShallow((store) => ({ loadRuns: store.loadRuns, setSide: store.setSide, chooseFile: store.chooseFile, compare: store.compare })),
  );

  useEffect(() => {
    void loadRuns();
  }, [loadRuns]);

  // One source on both sides would read "NO DIFFERENCE" from differences that are 0 by construction: refused here first.
  const sameSide = sameSideProblem(state.before, state.after, state.runs);
  const runOf = (choice: typeof state.before) => (choice?.kind === 'run' ? choice.run_id : null);
  const result = state.result;
  const report = result?.report;
  return (
    <section className="view prove-view" aria-labelledby="prove-title">
      <header className="view-header">
        <h1 id="prove-title">Prove</h1>
        <span className="count">paired before / after on a held-out set</span>
      </header>
      <p className="muted prove-intro">
        Each JSONL line is <code>{'{"task_id", "category", "pass": 0|1}'}</code>
        {' (or '}
        <code>"reward"</code>, a pass at 0.5 or more; optional <code>"eval_run"</code>). Several lines per task are repeats, averaged per
        task first. Nothing counts as better until the interval excludes zero.
      </p>
      <div className="prove-sides">
        <SidePicker
          role="before"
          choice={state.before}
          runs={state.runs}
          otherRunId={runOf(state.after)}
          onChange={(choice) => setSide('before', choice)}
          onFile={(file) => chooseFile('before', file)}
        />
        <SidePicker
          role="after"
          choice={state.after}
          runs={state.runs}
          otherRunId={runOf(state.before)}
          problem={sameSide}
          onChange={(choice) => setSide('after', choice)}
          onFile={(file) => chooseFile('after', file)}
        />
      </div>
      <button
        type="button"
        className="primary"
        disabled={!state.before || !state.after || sameSide !== null || state.status === 'loading'}
        title={sameSide ?? undefined}
        onClick={() => void compare()}
      >
        {state.status === 'loading' ? 'Comparing…' : 'Compare'}
      </button>
      {state.status === 'error' && state.error && (
        <div className="error-banner prove-problems" role="alert">
          <div>
            <strong>{state.error.message}</strong>
            {state.error.issues.length > 0 && (
              <ul aria-label="Problems">
                {state.error.issues.slice(0, 30).map((issue, index) => (
                  <li key={`${issue.path}:${index}`}>
                    <code>{issue.path}</code> {issue.message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
      {!result && state.status !== 'loading' && state.status !== 'error' && (
        <EmptyState title="No comparison yet">
          <p className="muted">
            Choose the results before and after (a JSONL file, or a graded run) and Compare: the change in pass@1 per category appears here
            as a forest plot, with its interval.
          </p>
        </EmptyState>
      )}
      {result && report && state.status !== 'loading' && (
        <section className="prove-report" aria-labelledby="prove-report-title">
          <h2 id="prove-report-title" className="visually-hidden">
            Report
          </h2>
          <WarningsBanner warnings={report.warnings} degraded={[]} />
          <div className={`prove-headline tone-${headlineTone(report.overall.headline)}`} aria-label="Headline">
            <strong>{report.overall.headline}</strong>
            <span>
              {`overall ${signed(report.overall.delta)} pass@1 over ${report.overall.n_tasks} `}
              {report.overall.paired ? 'paired ' : ''}tasks · <code>{result.before.label}</code> → <code>{result.after.label}</code>
            </span>
            <span className="prove-decides">
              Each verdict follows its 95% interval: PASS or FAIL only when the interval clears zero (and the eval noise). p is a sign-flip
              permutation test, shown beside it; it does not decide.
            </span>
          </div>
          {result.explanation && <p className="prove-explanation">{result.explanation}</p>}
          <ForestPlot categories={report.categories} overall={report.overall} />
          <p className="muted prove-plan">
            Categories under {report.min_category_tasks} paired tasks read "low n": no result there can reach p &lt; 0.05.
            {report.holdout_size.n_tasks !== null && (
              <>
                {' '}
                To show a {signed(report.holdout_size.effect)} gain this held-out set needs about{' '}
                <strong>{report.holdout_size.n_tasks}</strong> tasks (task sd {report.holdout_size.task_std.toFixed(2)} from{' '}
                {report.holdout_size.sd_source})
                {report.detectable_effect !== null && report.overall.paired
                  ? `; these ${report.overall.n_tasks} paired tasks detect ${signed(report.detectable_effect)}`
                  : ''}
                .
              </>
            )}
          </p>
        </section>
      )}
    </section>
  );
}
