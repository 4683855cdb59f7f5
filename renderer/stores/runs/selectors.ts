import type { RunWriter } from '../../../shared/api';
import type { RunSummary } from '../../../shared/domain';
import { isLiveStatus } from '../run/selectors';
import type { RunsState } from './initial-state';

export const selectIsEmpty = (state: RunsState): boolean => state.status === 'ready' && state.total === 0;

/** Pass rate over graded rows, or null when nothing is graded (never shown as 0%). */
export function passRate(run: RunSummary): number | null {
  return run.n_graded === 0 ? null : run.n_pass / run.n_graded;
}

/**
 * The process writing a queued or running run when it is not this app (`wai simulate`, a second app); else null.
 * Such a run sends no events here: the list reads it again while it is shown.
 */
export function writerElsewhere(run: RunSummary & { writer: RunWriter | null }): RunWriter | null {
  return isLiveStatus(run.status) && run.writer?.where === 'elsewhere' ? run.writer : null;
}

/** Whether the list shows a run another process is writing (so it is read again every few seconds). */
export function selectFollowsElsewhere(state: RunsState): boolean {
  return state.runs.some((run) => writerElsewhere(run) !== null);
}

/**
 * Whether the list shows a queued or running run this app writes: its events keep its status and rows live, and the
 * runs' change token moves with each of its rows.
 */
export function selectWritesOwnRun(state: RunsState): boolean {
  return state.runs.some((run) => isLiveStatus(run.status) && run.writer?.where === 'this_app');
}

/** The quiet mark on such a row: "wai simulate · pid 123", with the host when it is another machine. */
export function writerMark(writer: RunWriter): { text: string; label: string } {
  const where = writer.this_machine ? '' : ` on ${writer.host}`;
  const text = `${writer.program} · pid ${writer.pid}${where}`;
  const state =
    writer.state === 'live'
      ? ''
      : writer.state === 'stale'
        ? `, no heartbeat for ${writer.heartbeat_seconds_ago} s`
        : ', no longer running';
  return {
    text,
    label:
      `Written by another process: ${writer.program}, pid ${writer.pid}${where ? ` on host ${writer.host}` : ' on this machine'}` + state,
  };
}
