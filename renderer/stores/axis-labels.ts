import type { Axis } from '../../shared/domain';

/** The six axes as the coverage screen and the spec editor name them (the table's columns use short names). */
export const AXIS_LABELS: Readonly<Record<Axis, string>> = {
  tool: 'Tool',
  rule: 'Policy rule',
  stance: 'User stance',
  world_state: 'World state',
  tool_condition: 'Tool condition',
  history: 'History',
};
