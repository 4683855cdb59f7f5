import { useHotkeys } from 'react-hotkeys-hook';
import { useShallow } from 'zustand/react/shallow';
import type { Label, LabelValue } from '../../../shared/domain';
import { LABEL_TEXT } from '../../stores/grading/selectors';
import { useGradingStore } from '../../stores/grading/store';

/** One key per label; they never fire while a field has the focus (react-hotkeys-hook leaves form tags alone). */
export const LABEL_SHORTCUTS: readonly (readonly [LabelValue, string])[] = [
  ['pass', 'p'],
  ['fail', 'f'],
  ['unsure', 'u'],
  ['skip', 's'],
  ['simulator_error', 'e'],
];

const BY_KEY = new Map(LABEL_SHORTCUTS.map(([label, key]) => [key, label]));

/** The annotator's own latest label on the row (unsigned labels when no name is set). */
export function ownLabel(labels: readonly Label[], author: string | null): LabelValue | null {
  for (let index = labels.length - 1; index >= 0; index -= 1) {
    const label = labels[index]!;
    if (label.author === author) return label.label;
  }
  return null;
}

/**
 * Label this row: pass, fail, unsure, skip or simulator error, by button or key, stored the moment it is given
 * and signed with the annotator's name (asked once when none is set).
 */
export function LabelBar({ runId, rowId, labels }: { runId: string; rowId: string; labels: readonly Label[] }) {
  const { annotator, rowLabel, isAsking } = useGradingStore(
    useShallow((store) => ({
      annotator: store.annotator,
      rowLabel: store.rowLabel,
      isAsking: store.request !== null && store.request.stage !== 'done' && store.request.stage !== 'error',
    })),
  );
  const askLabel = useGradingStore((store) => store.askLabel);
  const give = (label: LabelValue) => {
    if (!isAsking) void askLabel({ kind: 'row', run_id: runId, row_id: rowId }, label);
  };
  useHotkeys(
    LABEL_SHORTCUTS.map(([, key]) => key).join(', '),
    (_event, handler) => {
      const label = BY_KEY.get(handler.keys?.join('') ?? '');
      if (label) give(label);
    },
    { preventDefault: true },
    [runId, rowId, isAsking, askLabel],
  );
  const isThisRow = rowLabel.row_id === rowId;
  const current = isThisRow && rowLabel.status === 'saving' ? rowLabel.label : ownLabel(labels, annotator.name);
  const status =
    !isThisRow || rowLabel.status === 'idle'
      ? annotator.status === 'ready'
        ? annotator.name
          ? `Signed ${annotator.name}`
          : 'No annotator name yet: you are asked for it once.'
        : ''
      : rowLabel.status === 'saving'
        ? 'Saving…'
        : rowLabel.status === 'error'
          ? rowLabel.error
          : `Saved: ${LABEL_TEXT[rowLabel.label!]}${annotator.name ? `, signed ${annotator.name}` : ''}` +
            (rowLabel.error ? `. ${rowLabel.error}` : '.');
  return (
    <div className="label-bar" role="group" aria-label="Label this row">
      <span className="label-bar-title">Your label</span>
      {LABEL_SHORTCUTS.map(([label, key]) => (
        <button
          key={label}
          type="button"
          className={`label-button-${label}`}
          aria-pressed={current === label}
          aria-keyshortcuts={key}
          disabled={isAsking}
          onClick={() => give(label)}
        >
          {LABEL_TEXT[label]} <kbd aria-hidden="true">{key}</kbd>
        </button>
      ))}
      <span className={`label-bar-status${isThisRow && rowLabel.status === 'error' ? ' is-error' : ''}`} role="status">
        {status}
      </span>
    </div>
  );
}
