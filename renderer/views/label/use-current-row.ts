import { useShallow } from 'zustand/react/shallow';
import {
  conductGrade,
  conflictOf,
  isVerdictHidden,
  queueJudgeGrade,
  selectCurrentDetail,
  selectCurrentItem,
} from '../../stores/labeling/selectors';
import { useLabelingStore } from '../../stores/labeling/store';

/**
 * The row on screen as the queue's panels show it: its queue item, its conversation once read, the queue judge's and
 * the conduct checks' grades, the people's labels and whether they conflict, and whether blind mode hides all that
 * (until this person has labelled the row).
 */
export function useCurrentRow() {
  const { item, detail, judgeKey, isBlind } = useLabelingStore(
    useShallow((state) => ({
      item: selectCurrentItem(state),
      detail: selectCurrentDetail(state),
      judgeKey: state.judgeKey,
      isBlind: state.isBlind,
    })),
  );
  const isHidden = isVerdictHidden(isBlind, item);
  const conflict = detail ? conflictOf(detail) : null;
  return {
    item,
    detail,
    judgeKey,
    isHidden,
    judgeGrade: queueJudgeGrade(detail, judgeKey),
    conduct: conductGrade(detail),
    conflict,
    /** A conflict the person may settle now: shown (not hidden by blind mode) and not settled yet. */
    canSettle: !isHidden && conflict !== null && conflict.isConflict,
  };
}
