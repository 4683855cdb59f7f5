import type { FaultMode, FaultPlan } from '../../shared/domain';

/** The tool-condition axis value -> the world's fault mode (section 4.1's `WORLD_CONDITION_MODES`). */
export const WORLD_CONDITION_MODES: Readonly<Record<string, FaultMode>> = {
  timeout: 'timeout',
  malformed_result: 'malformed',
  stale_result: 'stale',
  permission_denied: 'permission_denied',
};

/**
 * The fault plan a kept fault cell carries: `{"*": {mode, rate}}` with rate 1.0 by default; `{}` for `success`
 * or a condition with no world mode.
 */
export function faultPlanFor(condition: string, rate = 1): Record<string, FaultPlan> {
  const mode = WORLD_CONDITION_MODES[condition];
  return mode === undefined ? {} : { '*': { mode, rate } };
}
