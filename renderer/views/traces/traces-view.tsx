import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { WarningsBanner } from '../../components/warnings-banner';
import { useTracesStore } from '../../stores/traces/store';
import { AimPanel } from './aim-panel';
import { CellTraces } from './cell-traces';
import { CompareVersions } from './compare-versions';
import { FailureHeatmap } from './failure-heatmap';
import { FailureTable } from './failure-table';
import { ImportPanel } from './import-panel';
import { ImportsTable } from './imports-table';
import { LastImport } from './last-import';
import '../../styles/traces.css';

/** Traces in: import graded traces of the real agent, see which situations fail, and aim a run at them. */
export function TracesView() {
  const { map, status, error, importCount, load } = useTracesStore(
    useShallow((store) => ({
      map: store.map,
      status: store.status,
      error: store.error,
      importCount: store.imports.length,
      load: store.load,
    })),
  );

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="view traces-view" aria-labelledby="traces-title">
      <header className="view-header">
        <h1 id="traces-title">Traces</h1>
        {map && map.n_traces > 0 && (
          <span className="count">
            {map.n_traces} traces in {importCount} {importCount === 1 ? 'import' : 'imports'}
          </span>
        )}
      </header>
      <ImportPanel />
      <LastImport />
      {status === 'error' && <ErrorBanner message={`The traces could not be loaded: ${error}`} onRetry={() => void load()} />}
      {status === 'loading' && !map && (
        <p className="muted" role="status">
          Loading the failure map…
        </p>
      )}
      {status === 'ready' && map && map.n_traces === 0 && (
        <EmptyState title="No traces yet">
          <p>
            Import your agent's graded traces to see which situations fail, which are new since the previous model version, and which
            stopped failing.
          </p>
        </EmptyState>
      )}
      {map && map.n_traces > 0 && (
        <>
          <WarningsBanner warnings={map.warnings} degraded={[]} />
          <section className="failure-map" aria-labelledby="failure-map-title">
            <div className="failure-map-head">
              <h2 id="failure-map-title">
                Failure map
                {map.compares_versions && (
                  <span className="compare-pair">
                    {' '}
                    · {map.previous_version} → {map.current_version}
                  </span>
                )}
              </h2>
              <p className="failure-map-figures">
                <span>
                  <strong>{map.n_failures}</strong> failing of {map.n_graded} graded
                </span>
                {map.n_traces > map.n_graded && <span>{map.n_traces - map.n_graded} ungraded (not counted)</span>}
                <span>{map.n_faulted} with a tool fault</span>
                {!map.compares_versions && (
                  <span>model version {map.current_version ? <code>{map.current_version}</code> : 'unnamed'}</span>
                )}
              </p>
            </div>
            <CompareVersions map={map} />
            <FailureHeatmap map={map} />
            <AimPanel />
            <FailureTable map={map} />
            <CellTraces />
          </section>
          <section className="trace-imports" aria-labelledby="imports-title">
            <h2 id="imports-title">Imports</h2>
            <ImportsTable />
          </section>
        </>
      )}
    </section>
  );
}
