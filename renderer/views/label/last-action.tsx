import { Undo2 } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import { queueJudgeGrade, verdictOfGrade } from '../../stores/labeling/selectors';
import { useLabelingStore } from '../../stores/labeling/store';
import { LabelBadge, VerdictBadge } from '../conversations/verdict-badge';
import { MOVE_KEYS } from './use-label-hotkeys';

/** The judge on the row just labelled, now that the person has labelled it: verdict, reward and reason (the blind reveal). */
function Revealed({ rowId, label }: { rowId: string; label: string }) {
  const { detail, judgeKey } = useLabelingStore(useShallow((state) => ({ detail: state.details[rowId], judgeKey: state.judgeKey })));
  const grade = queueJudgeGrade(detail ?? null, judgeKey);
  if (!grade) return null;
  const verdict = verdictOfGrade(grade);
  const isDisagreement = (label === 'pass' || label === 'fail') && (verdict === 'pass' || verdict === 'fail') && verdict !== label;
  return (
    <span className="revealed" aria-label="The judge on this row">
      <span className="muted">· {judgeKey} said</span> <VerdictBadge verdict={verdict} />
      <span className="numeric">{grade.reward === null ? 'no reward' : grade.reward.toFixed(2)}</span>
      {isDisagreement && <span className="disagree">disagrees</span>}
      {grade.reason && <span className="revealed-reason">{grade.reason}</span>}
    </span>
  );
}

/**
 * What the person last did, beside the row it names: a label stored (and, now that they have labelled, what the judge
 * said on it), a label taken back, a conflict settled. Cleared when the queue changes (order, annotator, judge).
 */
export function LastAction() {
  const { lastAction, reviseError, hasHistory, isRevising, undo } = useLabelingStore(
    useShallow((state) => ({
      lastAction: state.lastAction,
      reviseError: state.reviseError,
      hasHistory: state.history.length > 0,
      isRevising: state.isRevising,
      undo: state.undo,
    })),
  );
  const undoButton = hasHistory && (
    <button type="button" className="link-button" onClick={() => void undo()} disabled={isRevising} aria-keyshortcuts="z Control+z">
      <Undo2 size={12} aria-hidden="true" /> Undo <kbd>{MOVE_KEYS.undo.shown}</kbd>
    </button>
  );
  return (
    <div className="last-action" role="status" aria-label="Last label">
      {lastAction === null && <span className="muted">Keys label at once: p f u s e · j k move · z undo · ? all keys</span>}
      {lastAction?.kind === 'saved' && (
        <>
          <span className="muted">Saved</span> #{lastAction.ordinal} <LabelBadge label={lastAction.label} />
          <Revealed rowId={lastAction.rowId} label={lastAction.label} />
        </>
      )}
      {lastAction?.kind === 'undone' && (
        <>
          <span className="muted">Undid</span> #{lastAction.ordinal} <LabelBadge label={lastAction.label} />
          <span className="muted">· your label there is now</span> <LabelBadge label={lastAction.now ?? null} />
        </>
      )}
      {lastAction?.kind === 'settled' && (
        <>
          <span className="muted">Settled</span> #{lastAction.ordinal} <span className="muted">as</span>{' '}
          <LabelBadge label={lastAction.label} />
        </>
      )}
      {undoButton}
      {reviseError && (
        <span className="error-text" role="alert">
          {reviseError}
        </span>
      )}
    </div>
  );
}
