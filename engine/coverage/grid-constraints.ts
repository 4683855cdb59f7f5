import { UNRELATED_TOOL, type AxisValues } from '../../shared/domain';
import type { PartialRow } from './covering-types';

/** An unrelated ask touches no record and calls no tool, so its world and tool condition cannot vary. */
export function forbiddenCombinations(axes: AxisValues): PartialRow[] {
  if (!axes.tool.includes(UNRELATED_TOOL)) return [];
  const forbidden: PartialRow[] = [];
  for (const state of axes.world_state.slice(1)) forbidden.push({ tool: UNRELATED_TOOL, world_state: state });
  for (const condition of axes.tool_condition.filter((value) => value !== 'success')) {
    forbidden.push({ tool: UNRELATED_TOOL, tool_condition: condition });
  }
  return forbidden;
}
