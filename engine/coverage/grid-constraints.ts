import { UNRELATED_TOOL, type AxisValues } from '../../shared/domain';
import type { PartialRow } from './covering-types';

/** A combination of axis values no situation can hold, and why, in words a person can act on. */
export interface GridConstraint {
  combination: PartialRow;
  reason: string;
}

/** Why an unrelated ask never meets a record state or a tool fault. */
export const UNRELATED_REASON = 'an unrelated ask touches no record and calls no tool';

/** Every combination the grid must leave out: an unrelated ask's world and tool condition cannot vary. */
export function gridConstraints(axes: AxisValues): GridConstraint[] {
  if (!axes.tool.includes(UNRELATED_TOOL)) return [];
  const constraints: GridConstraint[] = [];
  for (const state of axes.world_state.slice(1)) {
    constraints.push({ combination: { tool: UNRELATED_TOOL, world_state: state }, reason: UNRELATED_REASON });
  }
  for (const condition of axes.tool_condition.filter((value) => value !== 'success')) {
    constraints.push({ combination: { tool: UNRELATED_TOOL, tool_condition: condition }, reason: UNRELATED_REASON });
  }
  return constraints;
}

/** The combinations of `gridConstraints`, as the covering array takes them. */
export function forbiddenCombinations(axes: AxisValues): PartialRow[] {
  return gridConstraints(axes).map((constraint) => constraint.combination);
}
