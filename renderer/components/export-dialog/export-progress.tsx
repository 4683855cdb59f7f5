import { Square } from 'lucide-react';
import type { JobState } from '../../stores/export/initial-state';
import { describeProgress } from '../../stores/export/selectors';

/** Rows written of the total (then files pushed), bytes written, and Cancel (also while the job is starting). */
export function ExportProgress({ job, error, onCancel }: { job: JobState; error: string | null; onCancel(): void }) {
  const isPush = job.phase === 'push';
  const label = isPush ? 'Push progress' : 'Export progress';
  return (
    <section className="export-progress" aria-labelledby="export-progress-title">
      <h3 id="export-progress-title" className="export-section-title">
        {isPush ? 'Pushing to the Hub' : 'Writing'}
      </h3>
      <progress aria-label={label} max={job.total ?? undefined} value={job.total === null ? undefined : job.done} />
      <p className="export-progress-text" role="status" aria-live="polite">
        {describeProgress(job)}
      </p>
      {error && (
        <p className="export-field-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" onClick={onCancel} disabled={job.isCancelling}>
        <Square size={12} aria-hidden="true" /> {job.isCancelling ? 'Cancelling…' : 'Cancel export'}
      </button>
    </section>
  );
}
