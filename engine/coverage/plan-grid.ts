import { type AxisValues, type Dimensions, type FaultMode, type FaultPlan } from '../../shared/domain';
import { hashUnit, sha256Hex, stableJson } from '../seeded';
import { aimedAxes, aimProblems, narrowAxes, type Aim } from './aim';
import { AimError } from './aim-error';
import { forbiddenCombinations } from './grid-constraints';
import { plannedPairs } from './pairwise-coverage';
import { gridAssignments } from './plan-grid-blocks';

/** Share of non-success cells kept on a cold start (beyond one per condition kind). */
export const SUCCESS_SHARE = 0.9;

export const WORLD_CONDITION_MODES: Readonly<Record<string, FaultMode>> = {
  timeout: 'timeout',
  malformed_result: 'malformed',
  stale_result: 'stale',
  permission_denied: 'permission_denied',
};

/** One planned situation: a coordinate, its stable id and the faults scheduled for it. */
export interface GridCell {
  /** `sc-` + 10 hex of sha256 of the coordinate's sorted JSON. */
  scenario_id: string;
  dimensions: Dimensions;
  faults: Record<string, FaultPlan>;
}

export interface GridPlan {
  cells: GridCell[];
  /** Every pair of the planned cells: `coverage.pairwise.pairs_planned` is its size. */
  planned: Set<string>;
  /** Cells whose fault was flipped to success (cold start, or not kept at this fault rate). */
  flipped: number;
  /** The values every cell carries when the run is aimed at a cell; writers keep them or stand down. */
  aim?: Aim;
}

export interface GridOptions {
  seed: number;
  /** Keep share of fault-tagged cells (DEFAULT_FAULT_RATE 0.5); 0 disables faults. */
  fault_rate: number;
  prefer_success: boolean;
  strength?: 2 | 3;
  /**
   * Fix these axis values in every cell ("fill this cell"): the covering array spans the other axes. An aimed
   * fault condition keeps its fault in every cell, whatever `fault_rate` and `prefer_success` say.
   */
  aim?: Aim;
}

export function scenarioId(dimensions: Readonly<Record<string, string>>): string {
  return `sc-${sha256Hex(stableJson(dimensions)).slice(0, 10)}`;
}

/**
 * The cell at a coordinate: the planned one when the plan has it (its faults as scheduled), else an off-grid cell
 * whose fault condition, if any, is scheduled on every call.
 */
export function cellAt(plan: GridPlan, dimensions: Dimensions): GridCell {
  const id = scenarioId(dimensions);
  const planned = plan.cells.find((cell) => cell.scenario_id === id);
  if (planned) return planned;
  const mode =
    dimensions.tool_condition === 'success' ? undefined : (WORLD_CONDITION_MODES[dimensions.tool_condition] ?? dimensions.tool_condition);
  return { scenario_id: id, dimensions, faults: mode ? { '*': { mode: mode as FaultMode, rate: 1 } } : {} };
}

/** `keep_fault_plan`: whether a fault-tagged cell keeps its fault at this rate, decided by its key alone. */
export function keepFaultPlan(key: string, rate: number, seed: number): boolean {
  if (rate <= 0) return false;
  if (rate >= 1) return true;
  return hashUnit(`fault-keep:${seed}:${key}`, 12) < rate;
}

/**
 * `_prefer_success`: among fault cells keep one per condition kind (smallest digest, rule-free cells first)
 * and any other only when its digest's unit value is under 1 - SUCCESS_SHARE; the rest become `success`.
 * A verdict depends on the cell's content only, so a growing grid keeps old verdicts.
 */
function coldStartKeeps(cells: readonly Dimensions[]): Set<number> {
  const digests = cells.map((cell) => sha256Hex(stableJson(cell)));
  const keep = new Set<number>();
  const byKind = new Map<string, number[]>();
  cells.forEach((cell, index) => {
    if (cell.tool_condition === 'success') return;
    byKind.set(cell.tool_condition, [...(byKind.get(cell.tool_condition) ?? []), index]);
    if ((Number.parseInt(digests[index]!.slice(0, 8), 16) + 1) / (16 ** 8 + 2) < 1 - SUCCESS_SHARE) keep.add(index);
  });
  for (const indexes of byKind.values()) {
    const smallest = (pool: number[]) => pool.reduce((best, index) => (digests[index]! < digests[best]! ? index : best), pool[0]!);
    const ruleFree = indexes.filter((index) => cells[index]!.rule === 'unspecified');
    keep.add(smallest(ruleFree.length > 0 ? ruleFree : indexes));
  }
  return keep;
}

/**
 * Lays the six axes out as a covering array, in layers that survive a policy edit (`gridAssignments`), and schedules
 * faults: the grid a run is built from. With an aim, the aimed axes hold one value each, so the array covers every
 * pair of the other axes around the aimed cell. Throws AimError when the aim names a value the axes lack or a
 * combination that never occurs.
 */
export function planGrid(axes: AxisValues, options: GridOptions): GridPlan {
  const aim: Aim = Object.fromEntries(aimedAxes(options.aim).map((axis) => [axis, options.aim![axis]]));
  const problems = aimProblems(axes, aim);
  if (problems.length > 0) throw new AimError(problems);
  const narrowed = narrowAxes(axes, aim);
  const forbidden = forbiddenCombinations(axes).filter((combination) =>
    Object.entries(combination).every(([axis, value]) => narrowed[axis as keyof AxisValues].includes(value)),
  );
  const tagged = gridAssignments(narrowed, { seed: options.seed, strength: options.strength ?? 2, forbidden });
  const faultAimed = aim.tool_condition !== undefined && aim.tool_condition !== 'success';
  const coldKeeps = options.prefer_success && !faultAimed ? coldStartKeeps(tagged) : undefined;
  const cells: GridCell[] = [];
  const seen = new Set<string>();
  let flipped = 0;
  tagged.forEach((tag, index) => {
    let dimensions = tag;
    let faults: Record<string, FaultPlan> = {};
    if (tag.tool_condition !== 'success') {
      const keptCold = coldKeeps === undefined || coldKeeps.has(index);
      const mode = WORLD_CONDITION_MODES[tag.tool_condition] ?? (tag.tool_condition as FaultMode);
      if (faultAimed || (keptCold && keepFaultPlan(scenarioId(tag), options.fault_rate, options.seed))) {
        faults = { '*': { mode, rate: 1 } };
      } else {
        dimensions = { ...tag, tool_condition: 'success' };
        flipped++;
      }
    }
    const id = scenarioId(dimensions);
    if (seen.has(id)) return;
    seen.add(id);
    cells.push({ scenario_id: id, dimensions, faults });
  });
  return { cells, planned: plannedPairs(cells.map((cell) => cell.dimensions)), flipped, ...(aimedAxes(aim).length > 0 ? { aim } : {}) };
}
