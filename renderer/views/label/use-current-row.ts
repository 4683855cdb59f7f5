import { useShallow } from 'zustand/react/shallow';
import { conductGrade, isVerdictHidden, queueJudgeGrade, selectCurrentDetail, selectCurrentItem } from '../../stores/labeling/selectors';
import { useLabelingStore } from '../../stores/labeling/store';

/**
 * The row on screen as the queue's panels show it: its queue item, its conversation once read, the queue judge's and
 * the conduct checks' grades, and whether blind mode hides them (until this person has labelled the row).
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
  return {
    item,
    detail,
    judgeKey,
    isHidden: isVerdictHidden(isBlind, item),
    judgeGrade: queueJudgeGrade(detail, judgeKey),
    conduct: conductGrade(detail),
  };
}
