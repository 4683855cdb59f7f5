import type { AgreementReport } from '../../../shared/api/agreement';
import { formatKappa, formatStat } from '../../stores/labeling/selectors';

interface HumanAgreementProps {
  pairs: AgreementReport['human_agreement'];
  fleiss: AgreementReport['fleiss'];
}

/** People on the same rows (Cohen's kappa per pair, Fleiss' for three or more): the ceiling any judge can reach. */
export function HumanAgreementTable({ pairs, fleiss }: HumanAgreementProps) {
  if (pairs.length === 0 && fleiss === null) return null;
  return (
    <div className="trust-section">
      <h3>Human–human agreement</h3>
      <table className="stat-table" aria-label="Human-human agreement">
        <thead>
          <tr>
            <th scope="col">annotators</th>
            <th scope="col" className="numeric">
              agree
            </th>
            <th scope="col" className="numeric">
              kappa
            </th>
            <th scope="col" className="numeric">
              n
            </th>
          </tr>
        </thead>
        <tbody>
          {pairs.map((pair) => (
            <tr key={pair.authors?.join('×') ?? 'none'}>
              <th scope="row">{pair.authors ? `${pair.authors[0]} × ${pair.authors[1]}` : '—'}</th>
              <td className="numeric">{formatStat(pair.agreement)}</td>
              <td className="numeric" title={pair.kappa_undefined_reason ?? "Cohen's kappa"}>
                {formatKappa(pair.kappa, pair.kappa_defined)}
              </td>
              <td className="numeric n">{pair.n}</td>
            </tr>
          ))}
          {fleiss && (
            <tr>
              <th scope="row" title="Fleiss' kappa (1971) on the rows all of them labelled pass or fail">
                Fleiss: {fleiss.authors.join(', ')}
              </th>
              <td className="numeric">{formatStat(fleiss.agreement)}</td>
              <td className="numeric" title={fleiss.kappa_undefined_reason ?? "Fleiss' kappa"}>
                {formatKappa(fleiss.kappa, fleiss.kappa_defined)}
              </td>
              <td className="numeric n">{fleiss.n}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Every judge graded on the run against the same gold, best first (kappa, then agreement). */
export function CompareJudges({ comparison }: { comparison: AgreementReport['compare_judges'] }) {
  if (comparison.scores.length === 0) return null;
  return (
    <div className="trust-section">
      <h3>Judges on this run</h3>
      <div className="table-scroll">
        <table className="stat-table compare-table" aria-label="Judges compared">
          <thead>
            <tr>
              <th scope="col">judge</th>
              <th scope="col" className="numeric">
                agree
              </th>
              <th scope="col" className="numeric">
                95% CI
              </th>
              <th scope="col" className="numeric">
                kappa
              </th>
              <th scope="col" className="numeric" title="pass_when_gold_fail: the share of gold failures the judge passed">
                passed fails
              </th>
              <th scope="col" className="numeric">
                unsure
              </th>
              <th scope="col" className="numeric">
                n
              </th>
              <th scope="col" title="Trusted: enough gold, and agreement and kappa above their floors">
                trusted
              </th>
            </tr>
          </thead>
          <tbody>
            {comparison.scores.map((score) => (
              <tr key={score.name} className={score.name === comparison.best?.name ? 'is-best' : undefined}>
                <th scope="row" title={[`fail_when_gold_pass ${formatStat(score.miss, 2)}`, ...score.warnings].join('\n')}>
                  <code>{score.name}</code>
                </th>
                <td className="numeric">{formatStat(score.agreement, 2)}</td>
                <td className="numeric">{score.n === 0 ? '—' : `${formatStat(score.ci95.lo, 2)}–${formatStat(score.ci95.hi, 2)}`}</td>
                <td className="numeric" title={score.kappa_defined ? undefined : 'Undefined: too few rows, or one class of gold'}>
                  {formatKappa(score.kappa, score.kappa_defined, 2)}
                </td>
                <td className="numeric">{formatStat(score.leak, 2)}</td>
                <td className="numeric">{score.unsure}</td>
                <td className="numeric n">{score.n}</td>
                <td>{score.ok ? <span className="verdict verdict-pass">yes</span> : <span className="muted">no</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
