import { Scale } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import type { RowConflict } from '../../stores/labeling/selectors';
import { useLabelingStore } from '../../stores/labeling/store';
import { LabelBadge } from '../conversations/verdict-badge';
import { MOVE_KEYS } from './use-label-hotkeys';

interface RowAnnotatorsProps {
  conflict: RowConflict | null;
  /** Blind mode hides the other people's labels too, until this person has labelled the row. */
  isHidden: boolean;
  annotator: string | null;
}

/**
 * Every person's current label on the row, a conflict when they split pass against fail, and the settlement once
 * someone settled it; while a conflict waits, "Settle as pass / fail" records the gold with who settled it.
 */
export function RowAnnotators({ conflict, isHidden, annotator }: RowAnnotatorsProps) {
  const { adjudicate, isRevising } = useLabelingStore(
    useShallow((state) => ({ adjudicate: state.adjudicate, isRevising: state.isRevising })),
  );
  if (conflict === null || conflict.annotators.length === 0) return null;
  if (isHidden) {
    return <p className="muted annotators-line">Other people&apos;s labels show once you have labelled this row.</p>;
  }
  const others = conflict.annotators.filter((entry) => entry.author !== annotator);
  if (others.length === 0 && !conflict.settled) return null;
  return (
    <div className="annotators" role="group" aria-label="Annotators">
      <ul className="annotators-list">
        {conflict.annotators.map((entry, index) => (
          <li key={`${entry.author ?? 'unsigned'}-${index}`}>
            <span className="annotator-name">
              {entry.author === annotator ? `${entry.author ?? 'unsigned'} (you)` : (entry.author ?? 'unsigned')}
            </span>{' '}
            <LabelBadge label={entry.label} />
          </li>
        ))}
      </ul>
      {conflict.settled && (
        <p className="settled-line">
          <Scale size={12} aria-hidden="true" /> Settled as <LabelBadge label={conflict.settled.label} /> by {conflict.settled.author}: that
          is the row&apos;s gold.
        </p>
      )}
      {conflict.isConflict && (
        <div className="settle" role="group" aria-label="Settle the conflict">
          <span className="verdict label-conflict">conflict</span>
          <span className="muted">No gold until someone settles it.</span>
          <button type="button" disabled={isRevising} onClick={() => void adjudicate('pass')} aria-keyshortcuts="Shift+P">
            Settle as pass <kbd>{MOVE_KEYS.settlePass.shown}</kbd>
          </button>
          <button type="button" disabled={isRevising} onClick={() => void adjudicate('fail')} aria-keyshortcuts="Shift+F">
            Settle as fail <kbd>{MOVE_KEYS.settleFail.shown}</kbd>
          </button>
        </div>
      )}
    </div>
  );
}
