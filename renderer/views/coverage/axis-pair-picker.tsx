import { useId } from 'react';
import { AXES, type Axis } from '../../../shared/domain';
import type { AxisPair } from '../../stores/coverage/initial-state';
import { AXIS_LABELS } from '../../stores/axis-labels';

function AxisSelect({ id, label, value, onChange }: { id: string; label: string; value: Axis; onChange(axis: Axis): void }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as Axis)}>
        {AXES.map((axis) => (
          <option key={axis} value={axis}>
            {AXIS_LABELS[axis]}
          </option>
        ))}
      </select>
    </>
  );
}

/** Two selects: the axis across the top and the axis down the side. Picking the other side's axis swaps them. */
export function AxisPairPicker({ axes, onChoose }: { axes: AxisPair; onChoose(choice: Partial<AxisPair>): void }) {
  const id = useId();
  return (
    <div className="axis-pair-picker">
      <AxisSelect id={`${id}-x`} label="Across" value={axes.x} onChange={(x) => onChoose({ x })} />
      <span aria-hidden="true" className="muted">
        ×
      </span>
      <AxisSelect id={`${id}-y`} label="Down" value={axes.y} onChange={(y) => onChoose({ y })} />
    </div>
  );
}
