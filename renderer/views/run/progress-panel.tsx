import type { Run } from '../../../shared/domain';
import { Figure } from '../../components/figure';
import type { ProgressFigures } from '../../stores/run/selectors';
import { finishedTiming, formatCount, formatDuration, formatElapsed, formatRate, stopMeaning } from './format';

/** The id of the line naming the process that writes the run (the disabled Cancel button points at it). */
export const WRITER_NOTE_ID = 'run-writer-note';

/**
 * Rows done against the budget, the rate, the time left and the rollouts lost; why it stopped once it has. A stopped
 * run shows its average rate and how long it took instead. `writerNote`: the line naming another process that
 * writes the run, shown while it does. `resumedRows`: the summary's rows replayed at the last resume (0 if none).
 */
export function ProgressPanel({ run, progress, writerNote = null, resumedRows = 0 }: { run: Run; progress: ProgressFigures; writerNote?: string | null; resumedRows?: number }) {
  const isLive = run.status === 'running' || run.status === 'queued';
  const timing = finishedTiming(run, resumedRows);
  const percent = Math.round(progress.fraction * 100);
  const meaning = run.stopped_because ? stopMeaning(run.stopped_because, { until: run.config.until, all_pairs_covered: run.pairwise?.fraction === 1 }) : undefined;
  return (
    <section className="panel progress-panel" aria-label="Progress">
      {writerNote && (
        <p className="progress-writer" id={WRITER_NOTE_ID} role="status">
          {writerNote}
        </p>
      )}
      <div className="progress-figures">
        <Figure label="Rows" name="Rows done" main>
          {formatCount(progress.rows_done)} <span className="n">/ {formatCount(progress.budget)}</span>
        </Figure>
        {timing ? (
          <>
            <Figure label="Average rate" name="Average rate" title={timing.paused ? 'Not known for a resumed run: the time it sat stopped is part of its span.' : 'Rows stored over the time from Start to the end.'}>
              {formatRate(timing.rows_per_second)}
            </Figure>
            <Figure
              label={timing.paused ? 'Start to end' : 'Duration'}
              name={timing.paused ? 'Start to end' : 'Duration'}
              title={timing.paused ? 'From Start to the end, with the time it sat cancelled or interrupted before it resumed.' : 'From Start (the spec drafted) to the end.'}
            >
              {formatElapsed(timing.seconds)}
            </Figure>
          </>
        ) : (
          <>
            <Figure label="Rate" name="Rate">
              {formatRate(progress.rows_per_second)}
            </Figure>
            <Figure label="Time left" name="Time left">
              {isLive ? formatDuration(progress.seconds_left) : '—'}
            </Figure>
          </>
        )}
        <Figure label="Lost" name="Lost rollouts">
          {formatCount(progress.lost)}
        </Figure>
        <Figure label="Pairs covered" name="Pairs covered">
          {run.pairwise ? (
            <>
              {formatCount(run.pairwise.pairs_covered)} <span className="n">/ {formatCount(run.pairwise.pairs_planned)}</span>
            </>
          ) : (
            '—'
          )}
        </Figure>
      </div>
      <div
        className={`progress-bar progress-${run.status}`}
        role="progressbar"
        aria-label="Rows done of the budget"
        aria-valuemin={0}
        aria-valuemax={progress.budget}
        aria-valuenow={progress.rows_done}
        aria-valuetext={`${progress.rows_done} of ${progress.budget} rows (${percent}%)`}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="progress-note">
        {run.status === 'queued' && 'Starting the simulation thread…'}
        {run.status === 'running' && `${percent}% of the budget. Rows are stored as they land; a cancelled run keeps them.`}
        {run.stopped_because && !isLive && (
          <>
            Stopped because <code aria-label="Stopped because">{run.stopped_because}</code>
            {meaning && <span className="muted">: {meaning}.</span>}
          </>
        )}
        {!run.stopped_because && run.status === 'interrupted' && 'Interrupted when the app stopped; resume continues from the stored rows.'}
        {!run.stopped_because && run.status === 'failed' && 'The run failed; resume continues from the stored rows.'}
      </p>
    </section>
  );
}
