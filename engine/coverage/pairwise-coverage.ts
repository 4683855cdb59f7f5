import type { PairwiseCoverage } from '../../shared/domain';
import { round4 } from '../../shared/domain/rounding';

/** One axis-value item of an assignment, as the SDK keys it. */
type Assignment = Readonly<Record<string, string | null | undefined>>;

const PAIR_SEPARATOR = '\u001f';

/**
 * Every unordered pair of `(axis, value)` items of an assignment, after sorting the items and dropping empty
 * values and the key `origin` (SDK `pairs(a)`), encoded as strings so they can be put in a Set.
 */
export function pairsOf(assignment: Assignment): string[] {
  const items = Object.keys(assignment)
    .filter((axis) => axis !== 'origin')
    .map((axis) => [axis, assignment[axis]] as const)
    .filter((item): item is readonly [string, string] => item[1] !== null && item[1] !== undefined && item[1] !== '')
    .map(([axis, value]) => `${axis}=${value}`)
    .sort();
  const pairs: string[] = [];
  for (let first = 0; first < items.length; first++) {
    for (let second = first + 1; second < items.length; second++) pairs.push(`${items[first]}${PAIR_SEPARATOR}${items[second]}`);
  }
  return pairs;
}

/** The two axes a `pairsOf` key joins, in the key's (sorted) order. */
export function axesOfPair(pair: string): [string, string] {
  const [first, second] = pair.split(PAIR_SEPARATOR).map((item) => item.slice(0, item.indexOf('=')));
  return [first!, second!];
}

/** A `pairsOf` key as a person reads it: `tool=get_order × tool_condition=timeout`. */
export function readablePair(pair: string): string {
  return pair.split(PAIR_SEPARATOR).join(' × ');
}

/** `coverage.pairwise`: plain arithmetic, `fraction = round(covered / planned, 4)`, null when nothing was planned. */
export function pairwiseSummary(pairsPlanned: number, pairsCovered: number): PairwiseCoverage {
  return {
    pairs_planned: pairsPlanned,
    pairs_covered: pairsCovered,
    fraction: pairsPlanned === 0 ? null : round4(pairsCovered / pairsPlanned),
  };
}

/** The pairs a run planned: the union over the grid cells it was built from (after any success flip). */
export function plannedPairs(cells: Iterable<Assignment>): Set<string> {
  const planned = new Set<string>();
  for (const cell of cells) for (const pair of pairsOf(cell)) planned.add(pair);
  return planned;
}

/** Counts, as rows land, which planned pairs the produced rows have covered. */
export class PairwiseTracker {
  readonly #planned: ReadonlySet<string>;
  readonly #covered = new Set<string>();

  constructor(planned: ReadonlySet<string>) {
    this.#planned = planned;
  }

  /** Adds a produced row's coordinate; returns how many planned pairs it covered for the first time. */
  add(dimensions: Assignment): number {
    let fresh = 0;
    for (const pair of pairsOf(dimensions)) {
      if (this.#planned.has(pair) && !this.#covered.has(pair)) {
        this.#covered.add(pair);
        fresh++;
      }
    }
    return fresh;
  }

  isCovered(pair: string): boolean {
    return this.#covered.has(pair);
  }

  isPlanned(pair: string): boolean {
    return this.#planned.has(pair);
  }

  summary(): PairwiseCoverage {
    return pairwiseSummary(this.#planned.size, this.#covered.size);
  }
}

/** `coverage.pairwise` of produced rows against planned cells, in one call. */
export function pairwiseCoverage(planned: Iterable<Assignment>, produced: Iterable<Assignment>): PairwiseCoverage {
  const tracker = new PairwiseTracker(plannedPairs(planned));
  for (const dimensions of produced) tracker.add(dimensions);
  return tracker.summary();
}
