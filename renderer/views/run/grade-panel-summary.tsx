import type { GradesSummary, JudgeSummary } from '../../../shared/api/grades';
import { Figure } from '../../components/figure';
import { failedStatuses, formatLabelTime, judgeTitle, latestJudge } from '../../stores/grading/selectors';
import { formatCount } from './format';

const share = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part / whole) * 100)}%`);

/** The run's pass counts, from the judge that graded it last (the one the table's Judge column shows). */
function PassFigures({ summary, judge }: { summary: GradesSummary; judge: JudgeSummary }) {
  const included = summary.n_rows - summary.n_excluded;
  return (
    <div className="grade-figures-block">
      <div className="grade-figures">
        <div className="figure figure-main">
          <span className="figure-label">Passing</span>
          <span className="figure-value" aria-label="Passing rows">
            {formatCount(judge.passes)} <span className="n">/ {formatCount(judge.n_graded)} graded</span>
          </span>
        </div>
        <Figure label="Pass rate" name="Pass rate">
          {share(judge.passes, judge.n_graded - judge.unjudged)}
        </Figure>
        <Figure label="Failing" name="Failing rows">
          {formatCount(judge.failures)}
        </Figure>
        <Figure label="Unsure" name="Unsure rows">
          {formatCount(judge.unsure)}
        </Figure>
        <Figure label="Unjudged" name="Unjudged rows">
          {formatCount(judge.unjudged)}
        </Figure>
        <Figure
          label="Rows"
          name="Rows counted"
          note={summary.n_excluded > 0 ? `+${formatCount(summary.n_excluded)} left out` : undefined}
          noteTitle="Rows labelled simulator_error: left out of every count here"
        >
          {formatCount(included)}
        </Figure>
      </div>
      <p className="grade-figure-judge">
        By <code>{judgeTitle(judge)}</code>, the judge that graded the run last: the conversations table&apos;s Judge and Reward columns
        show its verdicts.
      </p>
    </div>
  );
}

function Statuses({ judge }: { judge: JudgeSummary }) {
  const failed = failedStatuses(judge);
  return (
    <span className="grade-statuses">
      <span>ok {formatCount(judge.statuses.ok ?? 0)}</span>
      {failed.map(([status, count]) => (
        <span key={status} className="state state-degraded">
          {status} {formatCount(count)}
        </span>
      ))}
    </span>
  );
}

function VerdictsTable({ judges }: { judges: readonly JudgeSummary[] }) {
  return (
    <div className="grade-table-wrap">
      <table className="grade-table" aria-label="Verdicts by judge">
        <caption>Verdicts by judge (each row&apos;s latest grade)</caption>
        <thead>
          <tr>
            <th scope="col">Judge</th>
            <th scope="col" className="numeric">
              Graded
            </th>
            <th scope="col" className="numeric">
              Pass
            </th>
            <th scope="col" className="numeric">
              Fail
            </th>
            <th scope="col" className="numeric">
              Unsure
            </th>
            <th scope="col" className="numeric">
              Unjudged
            </th>
            <th scope="col" className="numeric">
              Mean reward
            </th>
            <th scope="col" title="judge_status: how each grading call ended (ok, or why it gave no reward)">
              Judge status
            </th>
          </tr>
        </thead>
        <tbody>
          {judges.map((judge) => (
            <tr key={judge.judge_key}>
              <th scope="row">{judgeTitle(judge)}</th>
              <td className="numeric">
                {formatCount(judge.n_graded)} <span className="n">/ {formatCount(judge.n_graded + judge.n_missing)}</span>
              </td>
              <td className="numeric">{formatCount(judge.passes)}</td>
              <td className="numeric">{formatCount(judge.failures)}</td>
              <td className="numeric">{formatCount(judge.unsure)}</td>
              <td
                className={`numeric${judge.unjudged > 0 ? ' is-nonzero-unjudged' : ''}`}
                title="No reward: the judge erred, timed out or answered outside the contract. Never counted as 0."
              >
                {formatCount(judge.unjudged)}
              </td>
              <td className="numeric">{judge.mean_reward === null ? '—' : judge.mean_reward.toFixed(3)}</td>
              <td>
                <Statuses judge={judge} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ProvenanceTable({ judges }: { judges: readonly JudgeSummary[] }) {
  return (
    <div className="grade-table-wrap">
      <table className="grade-table grade-table-provenance" aria-label="Provenance">
        <caption>Who made the grades</caption>
        <thead>
          <tr>
            <th scope="col">Judge</th>
            <th scope="col">Source</th>
            <th scope="col">Model</th>
            <th scope="col">Rubric hash</th>
            <th scope="col">Version</th>
            <th scope="col">Last graded</th>
          </tr>
        </thead>
        <tbody>
          {judges.map((judge) => (
            <tr key={judge.judge_key}>
              <th scope="row">{judge.provenance.judge}</th>
              <td>{judge.label_source}</td>
              <td>{judge.provenance.model ? <code>{judge.provenance.model}</code> : <span className="muted">—</span>}</td>
              <td className="grade-hash">
                {judge.provenance.rubric_hash ? <code>{judge.provenance.rubric_hash}</code> : <span className="muted">—</span>}
              </td>
              <td>{judge.provenance.version ? <code>{judge.provenance.version}</code> : <span className="muted">—</span>}</td>
              <td className="label-time">{formatLabelTime(judge.last_graded_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const EMPTY_NOTES = {
  // The form beside says why Grade is off (still simulating, no rows): this says where the numbers will be.
  live: 'Pass counts appear here once the run has ended and been graded.',
  'no-rows': 'Pass counts appear here once the run has rows and they are graded.',
  ungraded: 'No grades yet: rows come back ungraded. Choose a judge and grade; every grade says who made it.',
} as const;

/** The pass figures, the verdicts per judge and who made them (the panel shows the warnings above them). */
export function GradePanelSummary({
  summary,
  isGrading,
  emptyNote,
}: {
  summary: GradesSummary;
  isGrading: boolean;
  emptyNote: keyof typeof EMPTY_NOTES;
}) {
  const latest = latestJudge(summary);
  return (
    <div className="grade-summary">
      {latest ? (
        <>
          <PassFigures summary={summary} judge={latest} />
          <VerdictsTable judges={summary.judges} />
          <ProvenanceTable judges={summary.judges} />
        </>
      ) : (
        <p className="grade-empty">{isGrading ? 'The counts appear here as the grades land.' : EMPTY_NOTES[emptyNote]}</p>
      )}
    </div>
  );
}
