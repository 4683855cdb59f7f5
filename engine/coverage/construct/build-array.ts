import { orthogonalArrayStart } from '../algebra/orthogonal-array';
import { zeroSumArray } from '../algebra/zero-sum-array';
import { CoveringInputError } from '../covering-input-error';
import { SeededRandom } from '../../seeded';
import { TupleSpace } from '../tuple-space';
import { type ArrayStart, bestGreedyRun, type BuildSettings, emptyStart, optimizedRows } from './array-start';
import { ConstraintSet } from './constraints';
import type { CoveringProblem } from './covering-problem';
import { removeRedundantRows } from './post-optimize';
import type { LockedRows } from './repair-search';
import { requiredTupleMask } from './required-tuples';
import { buildUniformArray, isUniformPairwise } from './uniform-array';

export type { BuildSettings } from './array-start';

/**
 * Rows of value indices, seed rows first, covering every required tuple. Uniform strength-2 models without
 * constraints or seed rows go to buildUniformArray; any other model takes the smallest of the best greedy run and
 * (without constraints) the algebraic starts, then post-optimised.
 */
export function buildArray(problem: CoveringProblem, settings: BuildSettings): Int32Array[] {
  const axisCount = problem.sizes.length;
  if (axisCount === 0) return [];
  const space = new TupleSpace(problem.sizes, problem.strength);
  const constraints = new ConstraintSet(problem.sizes, problem.forbidden);
  problem.seedRows.forEach((row, index) => {
    if (!constraints.isFeasible(row)) {
      throw new CoveringInputError(`seed row ${index + 1} contains a forbidden combination or cannot be completed without one`);
    }
  });
  const required = requiredTupleMask(space, constraints);
  if (!required.includes(1)) throw new CoveringInputError('the forbidden combinations leave no valid row');
  if (isUniformPairwise(problem)) return buildUniformArray(space, constraints, settings);
  const locked = lockSeedRows(problem.seedRows, axisCount);
  const random = new SeededRandom(settings.seed);

  const startWithSeedRows = (random: SeededRandom): ArrayStart => {
    const start = emptyStart(space, required, constraints);
    for (const seedRow of problem.seedRows) {
      const row = seedRow.slice();
      start.builder.complete(row, random);
      start.state.addRow(row);
    }
    return start;
  };

  let best = bestGreedyRun(startWithSeedRows, random, locked.lockedRowCount);
  const algebraicRandom = random.fork();
  if (constraints.isEmpty) {
    const candidates = [
      zeroSumArray(problem.sizes, problem.strength),
      orthogonalArrayStart(problem.sizes, problem.strength, algebraicRandom),
    ];
    for (const rows of candidates) {
      // Truncated levels leave free cells and some redundant rows, but never half the array.
      if (rows === undefined || rows.length > 2 * best.state.rows.length) continue;
      const start = startWithSeedRows(algebraicRandom);
      for (const row of rows) start.state.addRow(row);
      removeRedundantRows(start.state, locked.lockedRowCount);
      if (start.state.rows.length <= best.state.rows.length) best = start;
    }
  }
  return optimizedRows(best, constraints, locked, random.fork(), settings);
}

function lockSeedRows(seedRows: readonly Int32Array[], axisCount: number): LockedRows {
  const lockedCells = new Uint8Array(seedRows.length * axisCount);
  seedRows.forEach((row, index) => {
    row.forEach((value, column) => {
      if (value >= 0) lockedCells[index * axisCount + column] = 1;
    });
  });
  return { lockedRowCount: seedRows.length, lockedCells };
}
