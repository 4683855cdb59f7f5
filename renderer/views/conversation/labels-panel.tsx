import { Scale } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import type { RowDetail } from '../../../shared/api/rows';
import { formatLabelTime } from '../../stores/grading/selectors';
import { useGradingStore } from '../../stores/grading/store';
import { conflictOf } from '../../stores/labeling/selectors';
import { LabelBadge } from '../conversations/verdict-badge';
import { Panel } from './context-panels';

/** A conflict between annotators, seen here: settle it as pass or fail (signed, the labels kept), or see who settled it. */
function Settlement({ runId, detail }: { runId: string; detail: Pick<RowDetail, 'row_id' | 'labels' | 'adjudications'> }) {
  const { settle, settleRow } = useGradingStore(useShallow((state) => ({ settle: state.settle, settleRow: state.settleRow })));
  const conflict = conflictOf(detail);
  if (conflict.settled) {
    return (
      <p className="settled-line">
        <Scale size={12} aria-hidden="true" /> Settled as <LabelBadge label={conflict.settled.label} /> by {conflict.settled.author}: the
        row&apos;s gold. The labels below stay as they were.
      </p>
    );
  }
  if (!conflict.isConflict) return null;
  const isSaving = settle.status === 'saving' && settle.row_id === detail.row_id;
  return (
    <div className="settle" role="group" aria-label="Settle the conflict">
      <span className="verdict label-conflict">conflict</span>
      <span className="muted">The annotators disagree: no gold until someone settles it.</span>
      <button type="button" disabled={isSaving} onClick={() => void settleRow(runId, detail.row_id, 'pass')}>
        Settle as pass
      </button>
      <button type="button" disabled={isSaving} onClick={() => void settleRow(runId, detail.row_id, 'fail')}>
        Settle as fail
      </button>
      {settle.status === 'error' && settle.row_id === detail.row_id && (
        <span className="error-text" role="alert">
          {settle.error}
        </span>
      )}
    </div>
  );
}

/** The row's labels, newest first, and its conflict or settlement. */
export function LabelsPanel({ runId, detail }: { runId: string; detail: Pick<RowDetail, 'row_id' | 'labels' | 'adjudications'> }) {
  const { labels } = detail;
  return (
    <Panel title="Labels">
      <Settlement runId={runId} detail={detail} />
      {labels.length === 0 ? (
        <p className="muted">No labels yet.</p>
      ) : (
        <ul className="grade-list">
          {[...labels].reverse().map((label, index) => (
            <li key={`${label.created_at}-${index}`} className="grade">
              <div className="grade-head">
                <LabelBadge label={label.label} />
                <span>
                  {label.author ?? (
                    <span className="state state-degraded" title="A label without an author cannot be measured against">
                      no author: unmeasured
                    </span>
                  )}
                </span>
                <span className="muted">{label.kind}</span>
                {label.blind === true && <span className="muted">made blind</span>}
                <time className="label-time" dateTime={label.created_at}>
                  {formatLabelTime(label.created_at)}
                </time>
              </div>
              {label.note && <p>{label.note}</p>}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
