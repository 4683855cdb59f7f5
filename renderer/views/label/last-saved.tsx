import { useShallow } from 'zustand/react/shallow';
import { queueJudgeGrade, verdictOfGrade } from '../../stores/labeling/selectors';
import { useLabelingStore } from '../../stores/labeling/store';
import { LabelBadge, VerdictBadge } from '../conversations/verdict-badge';

/** What the person just labelled, and (now that they have) what the judge said on it: the blind reveal. */
export function LastSaved() {
  const { lastSaved, detail, judgeKey } = useLabelingStore(
    useShallow((state) => ({
      lastSaved: state.lastSaved,
      detail: state.lastSaved ? state.details[state.lastSaved.rowId] : undefined,
      judgeKey: state.judgeKey,
    })),
  );
  if (!lastSaved) {
    return (
      <p className="last-saved muted" role="status" aria-label="Last label">
        Keys label at once: p f u s e · j k move · ? all keys
      </p>
    );
  }
  const grade = queueJudgeGrade(detail ?? null, judgeKey);
  const judgeVerdict = grade ? verdictOfGrade(grade) : null;
  const isDisagreement =
    judgeVerdict !== null &&
    (lastSaved.label === 'pass' || lastSaved.label === 'fail') &&
    (judgeVerdict === 'pass' || judgeVerdict === 'fail') &&
    judgeVerdict !== lastSaved.label;
  return (
    <p className="last-saved" role="status" aria-label="Last label">
      <span className="muted">Saved</span> #{lastSaved.ordinal} <LabelBadge label={lastSaved.label} />
      {judgeVerdict && (
        <>
          <span className="muted">· {judgeKey} said</span> <VerdictBadge verdict={judgeVerdict} />
          {isDisagreement && <span className="disagree">disagrees</span>}
        </>
      )}
    </p>
  );
}
