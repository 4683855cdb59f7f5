import { Square } from 'lucide-react';
import type { GradeJobState } from '../../stores/grading/initial-state';
import { isJobActive, jobFigures } from '../../stores/grading/selectors';

const STATUS_TEXT: Record<GradeJobState['status'], string> = {
  starting: 'starting',
  running: 'grading',
  completed: 'completed',
  cancelled: 'cancelled',
  failed: 'failed',
};

/** A grading job: which judges, how far (live, from job-progress), Cancel while it runs; how it ended after. */
export function GradePanelJob({ job, onCancel }: { job: GradeJobState; onCancel(): void }) {
  const figures = jobFigures(job);
  const isActive = isJobActive(job);
  const percent = figures.fraction === null ? 0 : Math.round(figures.fraction * 100);
  const counted =
    figures.total === null ? 'counting rows…' : `${figures.done.toLocaleString()} of ${figures.total.toLocaleString()} gradings`;
  return (
    <section className="grade-job" aria-label="Grading job" aria-busy={isActive}>
      <div className="grade-job-head">
        <span className={`state state-grade-${job.status}`} aria-label="Grading status">
          {STATUS_TEXT[job.status]}
        </span>
        <span className="grade-job-judges">
          {figures.judges ? (
            <>
              with <strong>{figures.judges}</strong>
            </>
          ) : null}
        </span>
        <span className="n" aria-label="Gradings done">
          {counted}
        </span>
        {isActive && job.id !== null && (
          <button type="button" onClick={onCancel} disabled={job.isCancelling}>
            <Square size={12} aria-hidden="true" /> {job.isCancelling ? 'Cancelling…' : 'Cancel grading'}
          </button>
        )}
      </div>
      <div
        className={`progress-bar progress-${job.status}${figures.total === null && isActive ? ' is-counting' : ''}`}
        role="progressbar"
        aria-label="Rows graded"
        aria-valuemin={0}
        aria-valuemax={figures.total ?? undefined}
        aria-valuenow={figures.total === null ? undefined : figures.done}
        aria-valuetext={figures.total === null ? 'Counting rows' : `${figures.done} of ${figures.total} gradings (${percent}%)`}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      {/* Once the job ends its message is said once: a cancelled or failed job's in the warnings above, a completed
          one's by the head (status, judges, count). */}
      {job.message && isActive && (
        <p className="grade-job-note">{job.message} · rows x judges; the grades land as they are made and a cancelled job keeps them.</p>
      )}
    </section>
  );
}
