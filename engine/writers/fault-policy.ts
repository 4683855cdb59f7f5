import { UNRELATED_TOOL, type Dimensions } from '../../shared/domain';
import { keepFaultPlan, scenarioId, SUCCESS_SHARE, type GridCell } from '../coverage/plan-grid';
import { hashUnit, stableJson } from '../seeded';
import { faultPlanFor } from '../world/fault-plan';

/** The run's fault settings (SDK-REFERENCE 4.1), as every writer applies them to the coordinates it builds. */
export interface FaultPolicy {
  seed: number;
  /** Keep share of fault-tagged coordinates; 0 schedules no fault anywhere. */
  fault_rate: number;
  /** The cold-start flip: nine in ten fault coordinates become `success`. */
  prefer_success: boolean;
  /** A run aimed at a fault condition keeps it in every coordinate, whatever the rate and the flip say. */
  aimed_condition?: string | undefined;
}

/** Whether a fault keyed by `key` survives the flip and the rate; `digest` is the content the flip is decided on. */
function keepsFault(policy: FaultPolicy, digest: string, key: string): boolean {
  if (policy.fault_rate <= 0) return false;
  if (policy.prefer_success && hashUnit(digest, 8) >= 1 - SUCCESS_SHARE) return false;
  return keepFaultPlan(key, policy.fault_rate, policy.seed);
}

/**
 * A coordinate a writer built off the grid, with its faults as the run's settings schedule them: a fault condition
 * keeps its fault only as a grid cell would (past the cold-start flip, decided on the coordinate's digest, then
 * `keep_fault_plan` at the run's rate, keyed by its scenario id), else it becomes `success`. An unrelated ask never
 * meets a fault. The verdict depends on the coordinate alone, so a seed gives the same cells at any concurrency.
 */
export function scheduledCell(dimensions: Dimensions, policy: FaultPolicy): GridCell {
  const condition = dimensions.tool_condition;
  const aimed = condition !== 'success' && condition === policy.aimed_condition;
  const isFault = condition !== 'success' && dimensions.tool !== UNRELATED_TOOL;
  if (aimed || (isFault && keepsFault(policy, stableJson(dimensions), scenarioId(dimensions)))) {
    return { scenario_id: scenarioId(dimensions), dimensions, faults: faultPlanFor(condition) };
  }
  const plain: Dimensions = { ...dimensions, tool_condition: 'success' };
  return { scenario_id: scenarioId(plain), dimensions: plain, faults: {} };
}

/**
 * Whether a writer may aim at a fault named by `key` (an action shape such as `get_order:timeout`): at rate 0 never,
 * and otherwise as often as a fault coordinate keeps its fault. Decided once per key, so the answer holds all run.
 */
export function mayAimAtFault(key: string, condition: string, policy: FaultPolicy): boolean {
  if (condition === policy.aimed_condition) return true;
  return keepsFault(policy, `${policy.seed}:${key}`, key);
}
