import { STOPPED_GAP_SECONDS } from '../../../shared/api';
import type { Run } from '../../../shared/domain';
import { Figure } from '../../components/figure';
import type { ProgressFigures } from '../../stores/run/selectors';
import { useRunStore } from '../../stores/run/store';
import { finishedTiming, formatCount, formatDuration, formatElapsed, formatRate, stopMeaning, type FinishedTiming } from './format';

/** The id of the line naming the process that writes the run (the disabled Cancel button points at it). */
export const WRITER_NOTE_ID = 'run-writer-note';

/** The shortest stretch with no rollout in flight taken for a pause, in words ("1 min"). */
const GAP = STOPPED_GAP_SECONDS % 60 === 0 ? `${STOPPED_GAP_SECONDS / 60} min` : `${STOPPED_GAP_SECONDS} s`;

/** "1 stretch", "2 stretches". */
function stretches(count: number): string {
  return `${count} ${count === 1 ? 'stretch' : 'stretches'}`;
}

/** How a stopped run's average rate was measured, for its figure's title. */
function rateTitle(timing: FinishedTiming): string {
  if (!timing.paused) return 'Rows stored over the time from Start to the end.';
  if (timing.active_seconds === null)
    return 'Not known for this resumed run: its stored rows give no running time, and the time it sat stopped is part of its span.';
  const over = `Rows stored over ${formatElapsed(timing.active_seconds)} of running`;
  if (timing.stopped_stretches === 0)
    return (
      `${over}: from Start to the end. It sat stopped under ${GAP} before it resumed ` +
      `(no stretch of over ${GAP} with no rollout in flight), so that is counted as running.`
    );
  const stopped = formatElapsed(timing.stopped_seconds ?? 0);
  return `${over}, not counting ${stopped} stopped (${stretches(timing.stopped_stretches)} of over ${GAP} with no rollout in flight).`;
}

/**
 * Rows done against the budget, the rate, the time left and the rollouts lost; why it stopped once it has. A stopped
 * run shows its average rate and how long it took instead; a resumed one its time running too (the run's
 * `active_time`, read from the run store with the run). `writerNote`: the line naming another process that writes
 * the run, shown while it does. `resumedRows`: the summary's rows replayed at the last resume (0 if none).
 */
export function ProgressPanel({
  run,
  progress,
  writerNote = null,
  resumedRows = 0,
}: {
  run: Run;
  progress: ProgressFigures;
  writerNote?: string | null;
  resumedRows?: number;
}) {
  const isLive = run.status === 'running' || run.status === 'queued';
  const activeTime = useRunStore((state) => (state.detail?.run.id === run.id ? (state.detail.active_time ?? null) : null));
  const timing = finishedTiming(run, resumedRows, activeTime);
  const percent = Math.round(progress.fraction * 100);
  const meaning = run.stopped_because
    ? stopMeaning(run.stopped_because, { until: run.config.until, all_pairs_covered: run.pairwise?.fraction === 1 })
    : undefined;
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
            <Figure label="Average rate" name="Average rate" title={rateTitle(timing)}>
              {formatRate(timing.rows_per_second)}
            </Figure>
            {/* Shown only when it differs from the span: a shorter pause is counted as running (the rate's title says so). */}
            {timing.active_seconds !== null && timing.stopped_stretches > 0 && (
              <Figure
                label="Running time"
                name="Running time"
                title={
                  `From Start to the end less every stretch of over ${GAP} with no rollout in flight ` +
                  `(read from each stored row's time and duration): ${formatElapsed(timing.stopped_seconds ?? 0)} left out as stopped.`
                }
              >
                {formatElapsed(timing.active_seconds)}
              </Figure>
            )}
            <Figure
              label={timing.paused ? 'Start to end' : 'Duration'}
              name={timing.paused ? 'Start to end' : 'Duration'}
              title={
                timing.paused
                  ? 'From Start to the end, with the time it sat cancelled or interrupted before it resumed.'
                  : 'From Start (the spec drafted) to the end.'
              }
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
