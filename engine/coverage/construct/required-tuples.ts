import { type ConstraintSet, UNASSIGNED } from './constraints';
import type { TupleSpace } from '../tuple-space';

/** 1 for every tuple some valid full row contains: the tuples a covering array must cover. */
export function requiredTupleMask(space: TupleSpace, constraints: ConstraintSet): Uint8Array {
  const required = new Uint8Array(space.tupleCount);
  if (constraints.isEmpty) return required.fill(1);
  const row = new Int32Array(space.axisCount).fill(UNASSIGNED);
  const isAnyRowValid = constraints.isFeasible(row);
  for (let tuple = 0; tuple < space.tupleCount; tuple++) {
    row.fill(UNASSIGNED);
    const combo = space.writeTuple(tuple, row);
    let isTouched = false;
    for (let position = 0; position < space.strength; position++) {
      const column = space.comboColumns[combo * space.strength + position]!;
      if (constraints.touches(column, row[column]!)) isTouched = true;
    }
    const isFeasible = isTouched ? constraints.isFeasible(row) : isAnyRowValid;
    if (isFeasible) required[tuple] = 1;
  }
  return required;
}
