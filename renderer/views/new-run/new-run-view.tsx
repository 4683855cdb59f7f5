import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ErrorBanner } from '../../components/error-banner';
import { WarningsBanner } from '../../components/warnings-banner';
import { useNavigationStore } from '../../stores/navigation/store';
import { useNewRunStore } from '../../stores/new-run/store';
import '../../styles/new-run.css';
import '../../styles/run.css';
import { DescribeSection } from './describe-section';
import { PreflightPanel } from './preflight-panel';
import { SettingsPanel } from './settings-panel';
import { SpecEditor } from './spec-editor';

/** Describe, draft, review and edit the spec, set the run up, pass the pre-flight checks, start. */
export function NewRunView({ fromRun, repeats }: { fromRun?: string; repeats?: number }) {
  const { hasSpec, draftWarnings, from, prefillFromRun, start, reset } = useNewRunStore(
    useShallow((state) => ({
      hasSpec: state.spec !== null,
      draftWarnings: state.draftWarnings,
      from: state.fromRun,
      prefillFromRun: state.prefillFromRun,
      start: state.start,
      reset: state.reset,
    })),
  );
  const navigate = useNavigationStore((state) => state.navigate);

  useEffect(() => {
    const current = useNewRunStore.getState().fromRun;
    if (fromRun && current?.id !== fromRun) void prefillFromRun(fromRun, repeats === undefined ? {} : { repeats });
    // Plain "New run" after one pre-filled from a run starts fresh.
    if (!fromRun && current) reset();
  }, [fromRun, repeats, prefillFromRun, reset]);

  const onStart = async () => {
    const run = await start();
    if (!run) return;
    reset();
    navigate({ view: 'run', run_id: run.id });
  };

  return (
    <section className="view new-run-view" aria-labelledby="new-run-title">
      <header className="view-header">
        <h1 id="new-run-title">New run</h1>
        {from && (
          <span className="muted">
            from run <code>{from.id}</code>
            {from.name && ` · ${from.name}`}
          </span>
        )}
      </header>
      {from?.status === 'loading' && (
        <p className="muted" role="status">
          Loading the previous run's settings and spec…
        </p>
      )}
      {from?.status === 'error' && (
        <ErrorBanner message={`The previous run could not be read: ${from.error}`} onRetry={() => void prefillFromRun(from.id)} />
      )}
      <div className="new-run-layout">
        <div className="new-run-main">
          <DescribeSection />
          <WarningsBanner warnings={draftWarnings} degraded={[]} />
          {hasSpec ? (
            <SpecEditor />
          ) : (
            <div className="empty-state new-run-empty">
              <h2>Nothing drafted yet</h2>
              <p>
                One sentence is enough, for example “a personal finance assistant that confirms before it moves money”. The draft lists the
                tools, the policy rules and the values of the six axes for you to review before anything runs.
              </p>
            </div>
          )}
        </div>
        <aside className="new-run-side" aria-label="Run setup">
          <SettingsPanel />
          {hasSpec && <PreflightPanel onStart={() => void onStart()} />}
        </aside>
      </div>
    </section>
  );
}
