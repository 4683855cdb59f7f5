import type { RunSummary } from '../../../shared/domain';
import type { SideChoice } from '../../stores/prove/initial-state';

/**
 * Why before and after cannot be compared because they are one source twice (the same run, or files with the same
 * lines): every paired difference would be 0 by construction, a "NO DIFFERENCE" that measures nothing. The server
 * refuses the same (prove-service `sameSourceRefusal`); this says it at the After picker before Compare is pressed.
 */
export function sameSideProblem(before: SideChoice, after: SideChoice, runs: readonly RunSummary[]): string | null {
  if (before?.kind === 'run' && after?.kind === 'run' && before.run_id !== '' && before.run_id === after.run_id) {
    const name = runs.find((run) => run.id === before.run_id)?.name ?? before.run_id;
    return `Before and after are the same run (“${name}”): every difference would be 0. Choose the run of the changed agent as after.`;
  }
  if (before?.kind === 'file' && after?.kind === 'file' && before.text === after.text) {
    const names = before.name === after.name ? before.name : `${before.name} and ${after.name}`;
    return (
      `Before and after hold the same lines (${names}): every difference would be 0. ` + 'Choose the results of the changed agent as after.'
    );
  }
  return null;
}

/** The run a side starts on when switched to "Graded run": the first graded one the other side does not use. */
export function defaultRunId(graded: readonly RunSummary[], otherRunId: string | null): string {
  return (graded.find((run) => run.id !== otherRunId) ?? graded[0])?.id ?? '';
}
