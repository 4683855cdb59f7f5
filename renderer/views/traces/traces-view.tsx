import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { WarningsBanner } from '../../components/warnings-banner';
import { useNavigationStore } from '../../stores/navigation/store';
import { selectAimTargets } from '../../stores/traces/selectors';
import { useTracesStore } from '../../stores/traces/store';
import { AimPanel } from './aim-panel';
import { CellTraces } from './cell-traces';
import { CompareVersions } from './compare-versions';
import { FailureHeatmap } from './failure-heatmap';
import { FailureTable } from './failure-table';
import { ImportPanel } from './import-panel';
import { formatDateTime } from '../runs/format';
import '../../styles/traces.css';

/** Traces in: import graded traces of the real agent, see which situations fail, and aim a run at them. */
export function TracesView() {
  const state = useTracesStore(
    useShallow((store) => ({
      imports: store.imports,
      map: store.map,
      status: store.status,
      error: store.error,
      importing: store.importing,
      importError: store.importError,
      lastImport: store.lastImport,
      comparing: store.comparing,
      compareError: store.compareError,
      selected: store.selected,
      aiming: store.aiming,
      aimError: store.aimError,
      aimed: store.aimed,
      cell: store.cell,
    })),
  );
  const actions = useTracesStore(
    useShallow((store) => ({
      load: store.load,
      importFiles: store.importFiles,
      removeImport: store.removeImport,
      compareVersions: store.compareVersions,
      toggleCell: store.toggleCell,
      clearSelection: store.clearSelection,
      aim: store.aim,
      openCell: store.openCell,
    })),
  );
  const targets = useTracesStore(useShallow(selectAimTargets));
  const navigate = useNavigationStore((store) => store.navigate);

  useEffect(() => {
    void actions.load();
  }, [actions.load]);

  const map = state.map;
  const toggleKeys = (keys: readonly string[]) => {
    const allPicked = keys.every((key) => state.selected.includes(key));
    for (const key of keys) if (allPicked || !state.selected.includes(key)) actions.toggleCell(key);
  };

  return (
    <section className="view traces-view" aria-labelledby="traces-title">
      <header className="view-header">
        <h1 id="traces-title">Traces</h1>
        {map && map.n_traces > 0 && (
          <span className="count">
            {map.n_traces} traces in {state.imports.length} {state.imports.length === 1 ? 'import' : 'imports'}
          </span>
        )}
      </header>
      <ImportPanel importing={state.importing} error={state.importError} onImport={actions.importFiles} />
      {/* This import's own warnings, above its counts: earlier imports' stay with their rows in the Imports table. */}
      {state.lastImport && <WarningsBanner warnings={state.lastImport.warnings} degraded={[]} label="Warnings of this import" />}
      {state.lastImport && (
        <p className={`import-done${state.lastImport.stored ? '' : ' is-unchanged'}`} role="status">
          {state.lastImport.message}
          {state.lastImport.stored && (
            <> Read from {state.lastImport.files.map((file) => `${file.file} (${file.format.replace('_', ' ')})`).join(', ')}.</>
          )}
        </p>
      )}
      {state.status === 'error' && (
        <ErrorBanner message={`The traces could not be loaded: ${state.error}`} onRetry={() => void actions.load()} />
      )}
      {state.status === 'loading' && !map && (
        <p className="muted" role="status">
          Loading the failure map…
        </p>
      )}
      {state.status === 'ready' && map && map.n_traces === 0 && (
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
            <CompareVersions
              map={map}
              comparing={state.comparing}
              error={state.compareError}
              onCompare={(before, after) => void actions.compareVersions(before, after)}
            />
            <FailureHeatmap map={map} selected={state.selected} onToggle={toggleKeys} />
            <AimPanel
              targets={targets}
              picked={state.selected.length}
              aiming={state.aiming}
              error={state.aimError}
              aimed={state.aimed}
              onAim={(budget) => void actions.aim(budget)}
              onClear={actions.clearSelection}
              onOpenRun={(runId) => navigate({ view: 'run', run_id: runId })}
            />
            <FailureTable
              map={map}
              selected={state.selected}
              openKey={state.cell?.key ?? null}
              onToggle={actions.toggleCell}
              onOpen={(key) => void actions.openCell(key)}
            />
            {state.cell && <CellTraces cell={state.cell} />}
          </section>
          <section className="trace-imports" aria-labelledby="imports-title">
            <h2 id="imports-title">Imports</h2>
            <table className="data-table" aria-label="Trace imports">
              <thead>
                <tr>
                  <th scope="col">Import</th>
                  <th scope="col">Files</th>
                  <th scope="col" className="numeric">
                    Traces
                  </th>
                  <th scope="col">Model versions</th>
                  <th scope="col">Imported</th>
                  <th scope="col">
                    <span className="visually-hidden">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {state.imports.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <div>{entry.name}</div>
                      <code className="muted">{entry.id}</code>
                      {entry.warnings.length > 0 && (
                        <details>
                          <summary>{entry.warnings.length === 1 ? '1 warning' : `${entry.warnings.length} warnings`}</summary>
                          <ul aria-label={`Warnings of ${entry.name}`}>
                            {entry.warnings.map((warning) => (
                              <li key={warning}>{warning}</li>
                            ))}
                          </ul>
                        </details>
                      )}
                    </td>
                    <td>
                      {entry.files
                        .map(
                          (file) =>
                            `${file.file} (${file.format}, ${file.rows}${file.already_imported ? `, ${file.already_imported} already imported` : ''})`,
                        )
                        .join(', ')}
                    </td>
                    <td className="numeric">{entry.n_rows}</td>
                    <td>{entry.model_versions.join(' → ') || '—'}</td>
                    <td className="nowrap">{formatDateTime(entry.created_at)}</td>
                    <td>
                      <button type="button" aria-label={`Remove ${entry.name}`} onClick={() => void actions.removeImport(entry.id)}>
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </section>
  );
}
