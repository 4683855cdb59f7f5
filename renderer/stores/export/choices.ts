import type { StoreApi } from 'zustand';
import type { ApiClient } from '../../api/client';
import type { ExportState } from './initial-state';

/**
 * The dialog's loaders of what it offers besides the form: the formats, the other runs to decontaminate against, this
 * run's repeats (DPO needs two or more), and the stored exports. `isCurrent` drops an answer for an older opening.
 */
export function createChoiceLoaders(
  set: StoreApi<ExportState>['setState'],
  get: () => ExportState,
  client: () => ApiClient,
  isCurrent: (token: number) => boolean,
) {
  /** Every stored export (a failure only loses the run's name and time in the "already holds an export" warning). */
  async function loadPastExports(token: number): Promise<void> {
    const answer = await client().call('exports.list', { limit: 500 });
    if (isCurrent(token) && answer.ok) set({ pastExports: answer.value });
  }

  async function loadChoices(token: number): Promise<void> {
    const state = get();
    const formats = state.formatsStatus === 'ready' ? null : client().call('exports.formats', {});
    const runs = client().call('runs.list', { limit: 200 });
    void loadPastExports(token);
    const [formatsAnswer, runsAnswer] = await Promise.all([formats, runs]);
    if (!isCurrent(token)) return;
    if (formatsAnswer) {
      if (formatsAnswer.ok) set({ formats: formatsAnswer.value, formatsStatus: 'ready' });
      else set({ formatsStatus: 'error', error: `The export formats could not be read: ${formatsAnswer.error.message}` });
    }
    const runId = get().source?.run_id;
    if (runsAnswer.ok) {
      const own = runsAnswer.value.runs.find((run) => run.id === runId);
      set({
        otherRuns: runsAnswer.value.runs
          .filter((run) => run.id !== runId)
          .map((run) => ({ id: run.id, name: run.name, rows: run.rows_done })),
        runRepeats: own?.config.repeats ?? null,
      });
    }
  }

  return { loadChoices, loadPastExports };
}
