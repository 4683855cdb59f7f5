import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { useAppStore } from '../../stores/app/store';
import { useRunsStore } from '../../stores/runs/store';
import { formatDateTime, formatPassRate, formatPercent } from './format';

export function RunsView() {
  const { runs, total, status, error, loadRuns } = useRunsStore(
    useShallow((state) => ({ runs: state.runs, total: state.total, status: state.status, error: state.error, loadRuns: state.loadRuns })),
  );
  const dataDir = useAppStore((state) => state.info?.data_dir);

  useEffect(() => {
    void loadRuns();
  }, [loadRuns]);

  return (
    <section className="view" aria-labelledby="runs-title">
      <header className="view-header">
        <h1 id="runs-title">Runs</h1>
        {status === 'ready' && <span className="count">{total} {total === 1 ? 'run' : 'runs'}</span>}
      </header>
      {status === 'error' && <ErrorBanner message={`The runs could not be loaded: ${error}`} onRetry={() => void loadRuns()} />}
      {status === 'loading' && runs.length === 0 && <p className="muted" role="status">Loading runs…</p>}
      {status === 'ready' && total === 0 && (
        <EmptyState title="No runs yet">
          <p>
            Runs stored in <code>{dataDir}</code> appear here, newest first, with their status, size, coverage and pass rate.
          </p>
        </EmptyState>
      )}
      {runs.length > 0 && (
        <table className="data-table" aria-label="Runs">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col" className="numeric">Rows</th>
              <th scope="col" className="numeric">Coverage</th>
              <th scope="col" className="numeric">Pass rate</th>
              <th scope="col">Degraded</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr key={run.id}>
                <td>
                  <div>{run.name}</div>
                  <code className="muted">{run.id}</code>
                </td>
                <td>
                  <span className={`state state-${run.status}`}>{run.status}</span>
                </td>
                <td className="numeric">{run.rows_done.toLocaleString()}</td>
                <td className="numeric">
                  {formatPercent(run.pairwise?.fraction)}
                  {run.pairwise && <span className="n"> {run.pairwise.pairs_covered}/{run.pairwise.pairs_planned}</span>}
                </td>
                <td className="numeric">{formatPassRate(run)}</td>
                <td>
                  {run.degraded.length === 0 ? '—' : run.degraded.map((code) => <span key={code} className="state state-degraded">{code}</span>)}
                </td>
                <td>{formatDateTime(run.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
