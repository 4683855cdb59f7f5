import { CircleCheck, CircleX, LoaderCircle, Play, TriangleAlert } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import { AXES } from '../../../shared/domain';
import { selectIsChecking, selectPreflightChecks, selectStartBlocker, selectToolNames } from '../../stores/new-run/selectors';
import { useNewRunStore } from '../../stores/new-run/store';
import { preflightSentence } from './spec-issue-words';

/** The checks that run before Start (errors block it, warnings do not), the planned grid, and Start itself. */
export function PreflightPanel({ onStart }: { onStart(): void }) {
  const checks = useNewRunStore(selectPreflightChecks);
  const toolNames = useNewRunStore(useShallow(selectToolNames));
  const { grid, isChecking, blocker, status, startError } = useNewRunStore(
    useShallow((state) => ({
      grid: state.preflight.value?.grid ?? null,
      isChecking: selectIsChecking(state),
      blocker: selectStartBlocker(state),
      status: state.preflight.status,
      startError: state.startError,
    })),
  );
  const errors = checks.filter((check) => check.level === 'error').length;
  return (
    <section className="panel preflight" aria-labelledby="preflight-title">
      <h2 id="preflight-title" className="panel-title">
        Pre-flight checks
        {isChecking && <LoaderCircle size={12} className="spin" aria-label="Checking" />}
      </h2>
      {/* Only when nothing blocks Start: a blocker the checks do not list is said below the button. */}
      {status !== 'idle' && checks.length === 0 && !isChecking && blocker === null && (
        <p className="preflight-ok">
          <CircleCheck size={14} aria-hidden="true" /> All checks pass.
        </p>
      )}
      {checks.length > 0 && (
        // Results of an earlier edit stay readable but faded until the checks of this one arrive.
        <ul className={isChecking ? 'preflight-checks stale' : 'preflight-checks'} aria-label="Pre-flight checks" aria-busy={isChecking}>
          {checks.map((check, index) => (
            <li key={`${check.id}:${check.path ?? ''}:${index}`} className={`preflight-${check.level}`}>
              {check.level === 'error' ? <CircleX size={13} aria-label="Error" /> : <TriangleAlert size={13} aria-label="Warning" />}
              <span>{preflightSentence(check, toolNames)}</span>
            </li>
          ))}
        </ul>
      )}
      {grid && (
        <p className="preflight-grid">
          Grid: <strong>{grid.cells.toLocaleString()}</strong> cells · <strong>{grid.pairs_planned.toLocaleString()}</strong> pairs planned
          <span className="muted" title={AXES.join(' × ')}>
            {' '}
            ({AXES.map((axis) => grid.axis_sizes[axis]).join(' × ')} values)
          </span>
        </p>
      )}
      <button type="button" className="primary start" disabled={blocker !== null} aria-describedby="start-blocker" onClick={onStart}>
        <Play size={13} aria-hidden="true" /> Start run
      </button>
      <p id="start-blocker" className={errors > 0 ? 'start-blocker start-blocked' : 'start-blocker muted'}>
        {blocker ?? 'Ready. Rows are stored as they land.'}
      </p>
      {startError && (
        <p className="field-error" role="alert">
          {startError}
        </p>
      )}
    </section>
  );
}
