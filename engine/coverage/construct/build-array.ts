import { ConstraintSet } from './constraints';
import { CoveringInputError } from '../covering-input-error';
import type { CoveringProblem } from './covering-problem';
import { CoverageState } from '../coverage-state';
import { addGreedyRows } from './greedy';
import { orthogonalArrayStart } from '../algebra/orthogonal-array';
import { postOptimize, removeRedundantRows } from './post-optimize';
import { SeededRandom } from '../../seeded';
import type { LockedRows } from './repair-search';
import { requiredTupleMask } from './required-tuples';
import { RowBuilder } from './row-builder';
import { TupleSpace } from '../tuple-space';
import { zeroSumArray } from '../algebra/zero-sum-array';

export interface BuildSettings {
  readonly seed: number;
  /** Tuple visits post-optimisation may spend. */
  readonly maxWork: number;
  readonly timeBudgetMs: number | undefined;
  readonly clock: () => number;
}

const GREEDY_CANDIDATES = 10;
const GREEDY_MAX_RUNS = 3;
/** Another greedy run starts only while the runs so far spent fewer tuple visits than this. */
const GREEDY_WORK = 2_000_000;

/**
 * Rows of value indices, seed rows first, covering every required tuple: the smallest of the best
 * greedy run and (without constraints) the algebraic starts, then post-optimised.
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
  const locked = lockSeedRows(problem.seedRows, axisCount);
  const random = new SeededRandom(settings.seed);

  const startWithSeedRows = (random: SeededRandom): { state: CoverageState; builder: RowBuilder } => {
    const state = new CoverageState(space, required);
    const builder = new RowBuilder(state, constraints);
    for (const seedRow of problem.seedRows) {
      const row = seedRow.slice();
      builder.complete(row, random);
      state.addRow(row);
    }
    return { state, builder };
  };

  let best: { state: CoverageState; builder: RowBuilder } | undefined;
  let greedyWork = 0;
  for (let run = 0; run < GREEDY_MAX_RUNS && greedyWork < GREEDY_WORK; run++) {
    const runRandom = random.fork();
    const start = startWithSeedRows(runRandom);
    addGreedyRows(start.state, start.builder, runRandom, GREEDY_CANDIDATES);
    removeRedundantRows(start.state, locked.lockedRowCount);
    greedyWork += start.state.work;
    if (best === undefined || start.state.rows.length < best.state.rows.length) best = start;
    if (best.state.rows.length <= best.state.lowerBound()) break;
  }
  best = best!;
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
  const { state, builder } = best;
  state.work = 0;
  postOptimize(state, constraints, builder, locked, random.fork(), {
    maxWork: settings.maxWork,
    lowerBound: Math.max(state.lowerBound(), locked.lockedRowCount),
    timeBudgetMs: settings.timeBudgetMs,
    clock: settings.clock,
  });
  return state.rows;
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
