import type { ConstraintSet } from './constraints';
import { CoverageState } from '../coverage-state';
import { addGreedyRows } from './greedy';
import { postOptimize, removeRedundantRows } from './post-optimize';
import type { SeededRandom } from '../../seeded';
import type { LockedRows } from './repair-search';
import { RowBuilder } from './row-builder';
import type { TupleSpace } from '../tuple-space';

export interface BuildSettings {
  readonly seed: number;
  /** Tuple visits post-optimisation may spend. */
  readonly maxWork: number;
  readonly timeBudgetMs: number | undefined;
  readonly clock: () => number;
}

/** A candidate array and the row builder that completes rows against its coverage. */
export interface ArrayStart {
  readonly state: CoverageState;
  readonly builder: RowBuilder;
}

export const GREEDY_CANDIDATES = 10;
const GREEDY_MAX_RUNS = 3;
/** Another greedy run starts only while the runs so far spent fewer tuple visits than this. */
export const GREEDY_WORK = 2_000_000;

export function emptyStart(space: TupleSpace, required: Uint8Array, constraints: ConstraintSet): ArrayStart {
  const state = new CoverageState(space, required);
  return { state, builder: new RowBuilder(state, constraints) };
}

/**
 * The smallest of up to GREEDY_MAX_RUNS greedy runs, each from `newStart` with its own fork of `random`, less
 * redundant rows; runs stop early at the lower bound or once they spent GREEDY_WORK tuple visits.
 */
export function bestGreedyRun(newStart: (random: SeededRandom) => ArrayStart, random: SeededRandom, lockedRowCount: number): ArrayStart {
  let best: ArrayStart | undefined;
  let greedyWork = 0;
  for (let run = 0; run < GREEDY_MAX_RUNS && greedyWork < GREEDY_WORK; run++) {
    const runRandom = random.fork();
    const start = newStart(runRandom);
    addGreedyRows(start.state, start.builder, runRandom, GREEDY_CANDIDATES);
    removeRedundantRows(start.state, lockedRowCount);
    greedyWork += start.state.work;
    if (best === undefined || start.state.rows.length < best.state.rows.length) best = start;
    if (best.state.rows.length <= best.state.lowerBound()) break;
  }
  return best!;
}

/**
 * Post-optimises the chosen start within the settings' budget and returns its rows. The search stops at the lower
 * bound: the most required tuples of any `strength` axes, the seed rows, or `knownMinimum` (a proven minimum size).
 */
export function optimizedRows(
  start: ArrayStart,
  constraints: ConstraintSet,
  locked: LockedRows,
  random: SeededRandom,
  settings: BuildSettings,
  knownMinimum = 0,
): Int32Array[] {
  const { state, builder } = start;
  state.work = 0;
  postOptimize(state, constraints, builder, locked, random, {
    maxWork: settings.maxWork,
    lowerBound: Math.max(state.lowerBound(), locked.lockedRowCount, knownMinimum),
    timeBudgetMs: settings.timeBudgetMs,
    clock: settings.clock,
  });
  return state.rows;
}
