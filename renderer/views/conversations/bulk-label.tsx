import type { LabelValue } from '../../../shared/domain';
import type { LabelTarget } from '../../stores/grading/initial-state';
import { LABEL_TEXT } from '../../stores/grading/selectors';
import { useGradingStore } from '../../stores/grading/store';

/** What a bulk label can say: skip is a queue step for one row, not a verdict on many. */
export const BULK_LABELS: readonly LabelValue[] = ['pass', 'fail', 'unsure', 'simulator_error'];

interface BulkLabelProps {
  target: LabelTarget;
  /** Rows the buttons name ("Label 12 rows as fail"); the confirm step states the count it will store. */
  count: number;
  title: string;
  disabled?: boolean;
  className?: string;
}

/** "Label N rows as pass / fail / unsure / simulator error": each opens the confirm step, which states N. */
export function BulkLabel({ target, count, title, disabled = false, className }: BulkLabelProps) {
  const askLabel = useGradingStore((store) => store.askLabel);
  const rows = `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;
  return (
    <span className={className ? `bulk-label ${className}` : 'bulk-label'} role="group" aria-label={`Label ${rows}`}>
      <span className="bulk-label-title">{title}</span>
      {BULK_LABELS.map((label) => (
        <button
          key={label}
          type="button"
          className={`label-button-${label}`}
          disabled={disabled || count === 0}
          aria-label={`Label ${rows} as ${LABEL_TEXT[label]}`}
          onClick={() => void askLabel(target, label)}
        >
          {LABEL_TEXT[label]}
        </button>
      ))}
    </span>
  );
}
