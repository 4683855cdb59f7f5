import { Square } from 'lucide-react';
import type { JobState } from '../../stores/export/initial-state';
import { describeProgress } from '../../stores/export/selectors';

/** Rows written of the total (then files pushed), bytes written, and Cancel. */
export function ExportProgress({ job, onCancel }: { job: JobState; onCancel(): void }) {
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
      <button type="button" onClick={onCancel} disabled={job.isCancelling || job.id === null}>
        <Square size={12} aria-hidden="true" /> {job.isCancelling ? 'Cancelling…' : 'Cancel export'}
      </button>
    </section>
  );
}
