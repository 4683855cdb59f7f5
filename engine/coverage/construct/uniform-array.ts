import { algebraicStarts } from '../algebra/algebraic-starts';
import { binaryRowCount } from '../algebra/binary-array';
import { SeededRandom } from '../../seeded';
import type { TupleSpace } from '../tuple-space';
import {
  type ArrayStart,
  bestGreedyRun,
  type BuildSettings,
  emptyStart,
  GREEDY_CANDIDATES,
  GREEDY_WORK,
  optimizedRows,
} from './array-start';
import { type ConstraintSet, UNASSIGNED } from './constraints';
import type { CoveringProblem } from './covering-problem';
import { addGreedyRows } from './greedy';
import { removeRedundantRows } from './post-optimize';

const NOTHING_LOCKED = { lockedRowCount: 0, lockedCells: new Uint8Array(0) };
/**
 * An algebraic start within this factor of the lower bound spares a costly greedy run: on models where one run
 * costs more than GREEDY_WORK, greedy arrays end further above the bound (u20_20: 1.31 against the extended
 * plane's 1.23; u20_30: 2.08 against the projection's 1.55).
 */
const GOOD_START = 1.6;

/** Strength 2, three or more axes of the same size (at least 2), no forbidden combinations and no seed rows. */
export function isUniformPairwise(problem: CoveringProblem): boolean {
  const levels = problem.sizes[0]!;
  return (
    problem.strength === 2 &&
    problem.sizes.length >= 3 &&
    levels >= 2 &&
    problem.sizes.every((size) => size === levels) &&
    problem.forbidden.length === 0 &&
    problem.seedRows.length === 0
  );
}

/**
 * The smallest of the algebraic starts (free cells filled at random, anything left uncovered completed greedily)
 * and, unless a start is good and a greedy run would be costly, the best greedy run; then post-optimised. The
 * constructions are how the best known sizes are reached: post-optimisation only trims them.
 */
export function buildUniformArray(space: TupleSpace, constraints: ConstraintSet, settings: BuildSettings): Int32Array[] {
  const levels = space.sizes[0]!;
  const required = new Uint8Array(space.tupleCount).fill(1);
  const random = new SeededRandom(settings.seed);
  let best: ArrayStart | undefined;
  for (const rows of algebraicStarts(levels, space.axisCount)) {
    const startRandom = random.fork();
    const start = emptyStart(space, required, constraints);
    for (const row of rows) start.state.addRow(row.map((value) => (value === UNASSIGNED ? startRandom.below(levels) : value)));
    addGreedyRows(start.state, start.builder, startRandom, GREEDY_CANDIDATES);
    removeRedundantRows(start.state, 0);
    if (best === undefined || start.state.rows.length < best.state.rows.length) best = start;
  }
  const greedyRandom = random.fork();
  const knownMinimum = levels === 2 ? binaryRowCount(space.axisCount) : 0;
  const isGoodStart = best !== undefined && best.state.rows.length <= GOOD_START * Math.max(best.state.lowerBound(), knownMinimum);
  if (!isGoodStart || estimatedGreedyWork(space) <= GREEDY_WORK) {
    const greedy = bestGreedyRun(() => emptyStart(space, required, constraints), greedyRandom, 0);
    if (best === undefined || greedy.state.rows.length < best.state.rows.length) best = greedy;
  }
  return optimizedRows(best!, constraints, NOTHING_LOCKED, random.fork(), settings, knownMinimum);
}

/**
 * Tuple visits of one greedy run: some levels^2 rows (the lower bound), each chosen among GREEDY_CANDIDATES
 * rows whose every cell weighs its values against the axes already set.
 */
function estimatedGreedyWork(space: TupleSpace): number {
  const levels = space.sizes[0]!;
  return levels * levels * GREEDY_CANDIDATES * space.axisCount * (space.axisCount - 1) * levels;
}
