import type { ConductVerdict, JudgeVerdict } from '../../../shared/api/rows';
import type { LabelValue } from '../../../shared/domain';

const VERDICT_TEXT: Record<ConductVerdict | JudgeVerdict, string> = {
  pass: 'pass',
  fail: 'fail',
  unsure: 'unsure',
  error: 'no reward',
  ungraded: '—',
};

/** A verdict in its state colour (pass, fail, unsure, error); ungraded is a quiet dash. */
export function VerdictBadge({ verdict }: { verdict: ConductVerdict | JudgeVerdict }) {
  if (verdict === 'ungraded')
    return (
      <span className="muted" title="ungraded">
        —
      </span>
    );
  return <span className={`verdict verdict-${verdict}`}>{VERDICT_TEXT[verdict]}</span>;
}

export function LabelBadge({ label }: { label: LabelValue | null }) {
  if (label === null)
    return (
      <span className="muted" title="no human label">
        —
      </span>
    );
  return <span className={`verdict label-${label}`}>{label.replace('_', ' ')}</span>;
}
