import { modeSettingsOf, type Run, type Spec } from '../../../shared/domain';
import { pairsOf, planGrid, sha256Hex, stableJson, type GridPlan } from '../../../engine/index';
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
  // The settings the run ran with: its mode fills what the person left unset (rl plans with fault_rate 0.8).
  const { fault_rate, prefer_success } = modeSettingsOf(run.config);
  const inputs = {
    axes: spec.axes,
    seed: run.config.seed,
    fault_rate,
    prefer_success,
    ...(run.config.aim ? { aim: run.config.aim } : {}),
  };
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
