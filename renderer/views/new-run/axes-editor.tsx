import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { AXES, type Axis } from '../../../shared/domain';
import { ChipList } from '../../components/chip-list';
import { AXIS_LABELS } from '../../stores/axis-labels';
import { useNewRunStore } from '../../stores/new-run/store';
import { FieldMessages } from './field-messages';
import { NONE, useSpecField } from './use-field';

function AxisRow({ axis }: { axis: Axis }) {
  const { values, addAxisValue, removeAxisValue } = useNewRunStore(
    useShallow((state) => ({
      values: state.spec?.axes[axis] ?? NONE,
      addAxisValue: state.addAxisValue,
      removeAxisValue: state.removeAxisValue,
    })),
  );
  const field = useSpecField(`axes.${axis}`);
  const problems = useMemo(() => {
    const byIndex = new Map<number, string>();
    for (const issue of field.issues) {
      const index = Number(issue.path.split('.')[2]);
      if (Number.isInteger(index)) byIndex.set(index, issue.message);
    }
    return byIndex;
  }, [field.issues]);
  return (
    <div className="axis-row" role="group" aria-labelledby={`axis-${axis}`}>
      <div className="axis-name">
        <span id={`axis-${axis}`}>{AXIS_LABELS[axis]}</span>
        <span className="n">{values.length}</span>
      </div>
      <div>
        <ChipList
          label={AXIS_LABELS[axis]}
          values={values}
          problems={problems}
          onRemove={(value) => removeAxisValue(axis, value)}
          onAdd={(value) => addAxisValue(axis, value)}
        />
        <FieldMessages id={`axis-${axis}-messages`} path={`axes.${axis}`} {...field} />
      </div>
    </div>
  );
}

/** The values of each of the six axes the grid is built from. */
export function AxesEditor() {
  return (
    <section className="spec-section" aria-labelledby="axes-title">
      <div className="section-head">
        <h3 id="axes-title">Axes</h3>
        <span className="muted">
          every pair of values is planned to appear together at least once; the rule and tool axes follow the edits above
        </span>
      </div>
      <div className="axes">
        {AXES.map((axis) => (
          <AxisRow key={axis} axis={axis} />
        ))}
      </div>
    </section>
  );
}
