import type { RunSummary } from '../../../shared/domain';
import type { RunsState } from './initial-state';

export const selectIsEmpty = (state: RunsState): boolean => state.status === 'ready' && state.total === 0;

/** Pass rate over graded rows, or null when nothing is graded (never shown as 0%). */
export function passRate(run: RunSummary): number | null {
  return run.n_graded === 0 ? null : run.n_pass / run.n_graded;
}
