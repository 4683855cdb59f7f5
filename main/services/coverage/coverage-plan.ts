import { modeSettingsOf, type PairsAccounting, type Run, type Spec } from '../../../shared/domain';
import { pairsAccounting, pairsOf, planGrid, sha256Hex, stableJson, type GridPlan } from '../../../engine/index';
import type { Db } from '../../store/database';
import { coordinateCounts, type CoordinateCount } from '../../store/rows/coverage-queries';

/** Plans kept per process: recomputing one costs tens of milliseconds, and a screen asks for several matrices. */
const CACHE_SIZE = 16;
const cache = new Map<string, GridPlan>();

/**
 * The grid a run was built from, recomputed from its stored spec and settings. `planGrid` is a pure function of
 * (axes, seed, fault_rate, prefer_success, aim), so recomputing gives the run's own plan without storing a
 * second copy of it; `planDriftWarning` catches the one way that can fail (the planner changed since the run).
 */
export function runPlan(run: Run, spec: Spec): GridPlan {
  const inputs = planInputs(run, spec);
  const key = sha256Hex(stableJson(inputs));
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const { axes, ...options } = inputs;
  const plan = planGrid(axes, options);
  cache.set(key, plan);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return plan;
}

/** The planner's inputs for a run: its mode fills the fault settings the person left unset (rl plans with fault_rate 0.8). */
function planInputs(run: Run, spec: Spec) {
  const { fault_rate, prefer_success } = modeSettingsOf(run.config);
  return { axes: spec.axes, seed: run.config.seed, fault_rate, prefer_success, ...(run.config.aim ? { aim: run.config.aim } : {}) };
}

/** Where every pair of the spec's axis values went in the run's plan: planned, impossible, outside the aim or flipped. */
export function runPairsAccounting(run: Run, spec: Spec, plan: GridPlan): PairsAccounting {
  const { axes, ...options } = planInputs(run, spec);
  return pairsAccounting(axes, plan, options);
}

/** A warning when the run recorded a different number of planned pairs than the recomputed plan has. */
export function planDriftWarning(run: Run, plan: GridPlan): string | undefined {
  const recorded = run.pairwise?.pairs_planned;
  if (recorded === undefined || recorded === plan.planned.size) return undefined;
  return (
    `The run recorded ${recorded} planned pairs, but its grid recomputed from the stored spec and settings has ` +
    `${plan.planned.size}: the planner changed since this run, so the "planned" marks here may differ from the grid it used. ` +
    'Start a new run from this spec to compare like with like.'
  );
}

/** The planned pairs the run's stored rows cover, with the rows' coordinates they were read from. */
export function coveredPairs(db: Db, runId: string, plan: GridPlan): { covered: Set<string>; coordinates: CoordinateCount[] } {
  const coordinates = coordinateCounts(db, runId);
  const covered = new Set<string>();
  for (const { dimensions } of coordinates) for (const pair of pairsOf(dimensions)) if (plan.planned.has(pair)) covered.add(pair);
  return { covered, coordinates };
}
