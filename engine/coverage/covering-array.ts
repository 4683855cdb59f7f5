import { buildArray } from './construct/build-array';
import { ConstraintSet, UNASSIGNED } from './construct/constraints';
import { CoveringInputError } from './covering-input-error';
import { toCoveringProblem } from './construct/covering-problem';
import type { CoveringAxis, CoveringOptions, PartialRow } from './covering-types';
import { isUniformPairwise } from './construct/uniform-array';
import { requiredTupleMask } from './construct/required-tuples';
import { TupleSpace } from './tuple-space';

export type { CoveringAxis, CoveringOptions, PartialRow } from './covering-types';

/** Post-optimisation budget when CoveringOptions.effort is not given, in thousands of tuple visits (~30 ms). */
export const DEFAULT_EFFORT = 3_000;
/**
 * The budget for uniform strength-2 models without constraints or seed rows (~300 ms): the ones the covering-array
 * literature tabulates, where the last rows above the best known sizes come off slowly.
 */
export const UNIFORM_EFFORT = 30_000;

/**
 * A covering array: rows of values in axis order such that every combination of `strength` axes'
 * values that some valid row can hold appears in at least one row. No row contains a forbidden
 * combination; seed rows come first. Deterministic: see CoveringOptions.seed. Throws
 * CoveringInputError for unusable axes or options.
 */
export function coveringArray(axes: readonly CoveringAxis[], options: CoveringOptions): string[][] {
  if (!Number.isFinite(options.seed)) throw new CoveringInputError(`seed must be a finite number`);
  if (options.effort !== undefined && !(options.effort >= 0 && Number.isFinite(options.effort))) {
    throw new CoveringInputError(`effort must be a finite number, 0 or more, got ${String(options.effort)}`);
  }
  if (options.timeBudgetMs !== undefined && !(options.timeBudgetMs >= 0)) {
    throw new CoveringInputError(`timeBudgetMs must be 0 or more, got ${String(options.timeBudgetMs)}`);
  }
  const problem = toCoveringProblem(axes, options.strength ?? 2, options.forbidden ?? [], options.seedRows ?? []);
  const effort = options.effort ?? (isUniformPairwise(problem) ? UNIFORM_EFFORT : DEFAULT_EFFORT);
  const rows = buildArray(problem, {
    seed: options.seed,
    maxWork: effort * 1000,
    timeBudgetMs: options.timeBudgetMs,
    clock: options.clock ?? Date.now,
  });
  return rows.map((row) => Array.from(row, (value, column) => axes[column]!.values[value]!));
}

/**
 * Every tuple a covering array of these axes must cover, as partial rows, in axis-combination then
 * value order: all combinations of `strength` axes' values, minus those no valid row can hold.
 */
export function requiredTuples(axes: readonly CoveringAxis[], options: Pick<CoveringOptions, 'strength' | 'forbidden'> = {}): PartialRow[] {
  const problem = toCoveringProblem(axes, options.strength ?? 2, options.forbidden ?? [], []);
  if (axes.length === 0) return [];
  const space = new TupleSpace(problem.sizes, problem.strength);
  const required = requiredTupleMask(space, new ConstraintSet(problem.sizes, problem.forbidden));
  const row = new Int32Array(axes.length);
  const tuples: PartialRow[] = [];
  for (let tuple = 0; tuple < space.tupleCount; tuple++) {
    if (required[tuple] !== 1) continue;
    row.fill(UNASSIGNED);
    space.writeTuple(tuple, row);
    const entries: [string, string][] = [];
    row.forEach((value, column) => {
      if (value !== UNASSIGNED) entries.push([axes[column]!.name, axes[column]!.values[value]!]);
    });
    tuples.push(Object.fromEntries(entries));
  }
  return tuples;
}
