import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useNavigationStore } from '../../stores/navigation/store';
import { selectAimTargets } from '../../stores/traces/selectors';
import { useTracesStore } from '../../stores/traces/store';

/** "Aim a run here": the run's grid steered at the picked cells (or every weak cell), near copies of a trace dropped. */
export function AimPanel() {
  const { picked, aiming, error, aimed, aim, clearSelection } = useTracesStore(
    useShallow((store) => ({
      picked: store.selected.length,
      aiming: store.aiming,
      error: store.aimError,
      aimed: store.aimed,
      aim: store.aim,
      clearSelection: store.clearSelection,
    })),
  );
  const targets = useTracesStore(useShallow(selectAimTargets));
  const navigate = useNavigationStore((store) => store.navigate);
  const [budget, setBudget] = useState(200);
  const what =
    picked > 0
      ? `${picked} picked ${picked === 1 ? 'cell' : 'cells'}`
      : `${targets.length} weak ${targets.length === 1 ? 'cell' : 'cells'}`;
  return (
    <section className="aim-panel" aria-labelledby="aim-title">
      <h2 id="aim-title">Aim a run here</h2>
      <p className="muted">
        The run's grid is steered at the tools, faults and world states of {what}; generated asks that nearly copy a trace are dropped and
        counted (<code>trace_leakage_dropped</code>). Graded failures are mutated too.
      </p>
      <div className="aim-row">
        <label htmlFor="aim-budget">Rows</label>
        <input
          id="aim-budget"
          type="number"
          min={1}
          max={100000}
          value={budget}
          onChange={(event) => setBudget(Math.max(1, Number(event.target.value) || 1))}
        />
        <button type="button" className="primary" disabled={aiming || targets.length === 0} onClick={() => void aim(budget)}>
          {aiming ? 'Starting…' : 'Aim a run here'}
        </button>
        {picked > 0 && (
          <button type="button" onClick={clearSelection}>
            Clear picks
          </button>
        )}
      </div>
      {targets.length === 0 && <p className="muted">Nothing fails in these traces: pick cells on the map to aim at them anyway.</p>}
      {error && (
        <div className="error-banner" role="alert">
          {error.message}
        </div>
      )}
      {aimed && (
        <div className="aim-started" role="status">
          Started <strong>{aimed.run.name}</strong> (<code>{aimed.run.id}</code>), aimed at {aimed.aim.regions.length} situations with{' '}
          {Math.round(aimed.aim.steering_weight * 100)}% of the grid.
          {aimed.aim.warnings.map((warning) => (
            <p key={warning} className="aim-warning">
              {warning}
            </p>
          ))}
          <button type="button" onClick={() => navigate({ view: 'run', run_id: aimed.run.id })}>
            Open the run
          </button>
        </div>
      )}
    </section>
  );
}
