import { TriangleAlert } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import type { AgreementReport } from '../../../shared/api/agreement';
import { formatKappa, formatStat, trustHeadline, trustWarnings } from '../../stores/labeling/selectors';
import { useLabelingStore } from '../../stores/labeling/store';
import { AgreementChart } from './agreement-chart';
import { CompareJudges, HumanAgreementTable } from './compare-judges';

interface StatRow {
  name: string;
  title: string;
  value: string;
  n: number | null;
  /** Shown in full beside the value (why a kappa is undefined). */
  note?: string | null;
}

function statRows(report: AgreementReport, isUnmeasured: boolean): StatRow[] {
  const measure = report.judge_agreement;
  const { tp, fp, tn, fn } = measure.confusion;
  const { ci95 } = report.judge_trust.agreement;
  const stat = (value: number | null) => (isUnmeasured ? 'unmeasured' : formatStat(value));
  const made = report.labels_made;
  const labels = made.blind + made.sighted + made.unrecorded;
  return [
    {
      name: 'n gold',
      title: 'Rows with gold: the settled label, else the pass or fail every annotator agrees on (simulator errors left out)',
      value: report.n_gold.toLocaleString(),
      n: null,
      note: report.n_conflicts > 0 ? `${report.n_conflicts.toLocaleString()} waiting for adjudication` : null,
    },
    {
      name: 'made blind',
      title: 'Current labels made with every judge hidden, of all current labels (the rest saw a judge, or nobody recorded it)',
      value: labels === 0 ? '—' : `${made.blind.toLocaleString()} of ${labels.toLocaleString()}`,
      n: null,
    },
    {
      name: 'agreement',
      title: '(tp + tn) / n, with its Wilson 95% interval',
      value:
        isUnmeasured || measure.agreement === null
          ? stat(measure.agreement)
          : `${formatStat(measure.agreement)} [${formatStat(ci95.lo, 2)}–${formatStat(ci95.hi, 2)}]`,
      n: measure.n,
    },
    {
      name: "Cohen's kappa",
      title: 'Agreement beyond chance: (po − pe) / (1 − pe); undefined under 2 rows or with one class of gold',
      value: isUnmeasured ? 'unmeasured' : formatKappa(measure.kappa, measure.kappa_defined),
      n: measure.n,
      note: !isUnmeasured && !measure.kappa_defined ? measure.kappa_undefined_reason : null,
    },
    {
      name: 'pass_when_gold_fail',
      title: 'fp / (fp + tn): the judge passed a row you failed (the leak)',
      value: stat(measure.pass_when_gold_fail),
      n: fp + tn,
    },
    {
      name: 'fail_when_gold_pass',
      title: 'fn / (fn + tp): the judge failed a row you passed',
      value: stat(measure.fail_when_gold_pass),
      n: fn + tp,
    },
    { name: 'gold_kind', title: 'human only when every counted gold label is', value: measure.gold_kind ?? '—', n: null },
  ];
}

function ConfusionMatrix({ report }: { report: AgreementReport }) {
  const { tp, fp, tn, fn } = report.judge_agreement.confusion;
  return (
    <table className="stat-table confusion" aria-label="Confusion matrix">
      <thead>
        <tr>
          <th scope="col">
            <span className="sr-only">Judge</span>
          </th>
          <th scope="col" className="numeric">
            gold pass
          </th>
          <th scope="col" className="numeric">
            gold fail
          </th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">judge pass</th>
          <td className="numeric cell-agree" title="tp">
            {tp}
          </td>
          <td className={fp > 0 ? 'numeric cell-leak' : 'numeric'} title="fp: passed a gold failure">
            {fp}
          </td>
        </tr>
        <tr>
          <th scope="row">judge fail</th>
          <td className="numeric" title="fn">
            {fn}
          </td>
          <td className="numeric cell-agree" title="tn">
            {tn}
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** The judge measured against the gold labels, live: warnings first, then the numbers with their n. */
export function TrustPanel() {
  const { agreement, isBlindOnly, setBlindOnly } = useLabelingStore(
    useShallow((state) => ({ agreement: state.agreement, isBlindOnly: state.isBlindOnly, setBlindOnly: state.setBlindOnly })),
  );
  const { data: report, status, error } = agreement;
  const headline = trustHeadline(report);
  const warnings = trustWarnings(report);
  const isUnmeasured = report === null || report.judge === null || report.judge_trust.unmeasured;
  return (
    <section className="label-panel trust-panel" aria-labelledby="trust-title" aria-busy={status === 'loading'}>
      <div className="panel-head">
        <h2 id="trust-title">Judge trust</h2>
        {report?.judge && <code title={`${report.judge.n_graded} rows graded`}>{report.judge.judge_key}</code>}
        {status === 'loading' && <span className="muted updating">updating…</span>}
        <span className="toolbar-spacer" />
        <label
          className="toolbar-check"
          title="Measure with labels made blind only (settlements left out: they are made seeing the labels)"
        >
          <input type="checkbox" checked={isBlindOnly} onChange={(event) => setBlindOnly(event.target.checked)} />
          Blind labels only
        </label>
      </div>
      {error && (
        <p className="error-text" role="alert">
          The numbers could not be read: {error}
        </p>
      )}
      {!report && status !== 'error' && <p className="muted">Reading the labels…</p>}
      {report && (
        <>
          {warnings.length > 0 && (
            <ul className="trust-warnings" aria-label="Trust warnings">
              {warnings.map((warning) => (
                <li key={warning}>
                  <TriangleAlert size={12} aria-hidden="true" /> {warning}
                </li>
              ))}
            </ul>
          )}
          <p className={`trust-headline tone-${headline.tone}`} role="status" aria-label="Trust">
            <strong>{headline.title}</strong>
            {headline.detail && <span>{headline.detail}</span>}
          </p>
          <table className="stat-table" aria-label="Agreement">
            <tbody>
              {statRows(report, isUnmeasured).map((row) => (
                <tr key={row.name}>
                  <th scope="row" title={row.title}>
                    {row.name}
                  </th>
                  <td
                    className={row.value === 'unmeasured' || row.value === 'undefined' ? 'numeric muted' : 'numeric'}
                    title={row.note ?? undefined}
                  >
                    {row.value}
                    {row.note && <span className="stat-note">{row.note}</span>}
                  </td>
                  <td className="numeric n">{row.n === null || isUnmeasured ? '' : `n ${row.n.toLocaleString()}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.judge && !isUnmeasured && <ConfusionMatrix report={report} />}
          {report.judge && !isUnmeasured && <AgreementChart series={report.series} />}
          <HumanAgreementTable pairs={report.human_agreement} fleiss={report.fleiss} />
          <CompareJudges comparison={report.compare_judges} />
        </>
      )}
    </section>
  );
}
