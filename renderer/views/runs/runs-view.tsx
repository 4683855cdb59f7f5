import { Plus } from 'lucide-react';
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { useAppStore } from '../../stores/app/store';
import { useNavigationStore } from '../../stores/navigation/store';
import { useRunsStore } from '../../stores/runs/store';
import '../../styles/runs.css';
import { RunRow } from './run-row';

export function RunsView() {
  const { runs, total, status, error, open, loadRuns, refresh, leave } = useRunsStore(
    useShallow((state) => ({
      runs: state.runs,
      total: state.total,
      status: state.status,
      error: state.error,
      open: state.open,
      loadRuns: state.loadRuns,
      refresh: state.refresh,
      leave: state.leave,
    })),
  );
  const dataDir = useAppStore((state) => state.info?.data_dir);
  const navigate = useNavigationStore((state) => state.navigate);

  useEffect(() => {
    void open();
    return leave;
  }, [open, leave]);

  // Coming back to the window (from a terminal running `wai simulate`, say) reads the list again: runs another
  // process started meanwhile appear, and the list follows them while they run. A window that keeps its focus checks
  // for such runs every few seconds (the store's idle check). A hidden window reads nothing.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void refresh();
      else leave();
    };
    window.addEventListener('focus', onVisibility);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', onVisibility);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [refresh, leave]);

  const newRun = (
    <button type="button" className="runs-new" onClick={() => navigate({ view: 'new-run' })}>
      <Plus size={13} aria-hidden="true" /> New run
    </button>
  );

  return (
    <section className="view" aria-labelledby="runs-title">
      <header className="view-header runs-header">
        <h1 id="runs-title">Runs</h1>
        {status === 'ready' && (
          <span className="count">
            {total} {total === 1 ? 'run' : 'runs'}
          </span>
        )}
        {newRun}
      </header>
      {status === 'error' && <ErrorBanner message={`The runs could not be loaded: ${error}`} onRetry={() => void loadRuns()} />}
      {status === 'loading' && runs.length === 0 && (
        <p className="muted" role="status">
          Loading runs…
        </p>
      )}
      {status === 'ready' && total === 0 && (
        <EmptyState title="No runs yet">
          <p>
            Runs stored in <code>{dataDir}</code> appear here, newest first, with their status, size, coverage and pass rate.
          </p>
          <p>Describe the behaviour to test in one sentence and start your first run with New run.</p>
        </EmptyState>
      )}
      {runs.length > 0 && (
        <table className="data-table runs-table" aria-label="Runs">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col" className="numeric">
                Rows
              </th>
              <th scope="col" className="numeric">
                Coverage
              </th>
              <th scope="col" className="numeric">
                Pass rate
              </th>
              <th scope="col">Degraded</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <RunRow key={run.id} run={run} onOpen={() => navigate({ view: 'run', run_id: run.id })} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
