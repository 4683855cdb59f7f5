import type { Issue } from '../../../shared/api';
import type { TrainingKind } from '../../../shared/api/exports';
import { requestOf } from './form';
import type { ExportFormatChoice, ExportState, JobState } from './initial-state';
import { formatBytes } from './result';

/** The form's problems, each at its field (none while the selection is still being read). */
export function selectFormIssues(state: Pick<ExportState, 'form' | 'selection'>): Issue[] {
  const selection = state.selection.value ?? { run_id: 'pending' };
  const built = requestOf(state.form, selection);
  return built.ok ? [] : built.issues;
}

/** The preview key the form stands for now; null when the form has problems or the selection is not read yet. */
export function selectPreviewKey(state: Pick<ExportState, 'form' | 'selection'>): string | null {
  if (!state.selection.value) return null;
  const built = requestOf(state.form, state.selection.value, { forPreview: true });
  return built.ok ? JSON.stringify(built.request) : null;
}

export const selectIsJobActive = (state: Pick<ExportState, 'job'>): boolean => state.job !== null && (state.job.status === 'starting' || state.job.status === 'running');

/**
 * Why Export cannot start now (a sentence), or null when it can: the preview must answer for the form as it is, so
 * the counts and warnings a person read are the ones the export will meet.
 */
export function selectStartBlocker(state: ExportState): string | null {
  if (selectIsJobActive(state)) return 'An export is running.';
  if (state.selection.status === 'loading') return 'Reading the selection…';
  if (!state.selection.value) return state.selection.error ?? 'Nothing is selected.';
  const [issue] = selectFormIssues(state);
  if (issue) return issue.message;
  const key = selectPreviewKey(state);
  if (state.preview.status === 'error' && state.preview.key === key) return 'The preview failed: see the message above.';
  if (state.preview.status !== 'ready' || state.preview.key !== key || !state.preview.value) return 'Counting the rows…';
  if (state.preview.value.n_lines === 0) return 'Nothing would be written: change the selection or the format.';
  return null;
}

export function selectFormatsOf(formats: readonly ExportFormatChoice[], kind: TrainingKind): ExportFormatChoice[] {
  return formats.filter((format) => format.kind === kind);
}

/** The job's progress in words: "1,200 / 3,000 rows · 4.2 MB", or the push's files. */
export function describeProgress(job: JobState): string {
  if (job.status === 'starting') return 'Starting…';
  const total = job.total === null ? '' : ` / ${job.total.toLocaleString()}`;
  if (job.phase === 'push') return `${job.message ?? 'Pushing to the Hub'}: ${job.done.toLocaleString()}${total} files uploaded`;
  const bytes = job.bytes === null ? '' : ` · ${formatBytes(job.bytes)} written`;
  return `${job.done.toLocaleString()}${total} rows${bytes}`;
}
