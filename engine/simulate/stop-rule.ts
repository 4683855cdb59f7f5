import type { Dimensions, PairwiseCoverage, StopReason, Until } from '../../shared/domain';
import type { GridCell } from '../coverage/plan-grid';
import { stableJson } from '../seeded';

/** `NEW_SIGNATURE_FLOOR`: a batch adding fewer new signatures, cells and action shapes per row than this is flat. */
export const NEW_SIGNATURE_FLOOR = 0.02;
/** `SATURATION_COPIES`: rows each planned cell (and each walked action shape) needs before the run is saturated. */
export const SATURATION_COPIES = 5;
/** `FLAT_BATCHES`: flat batches in a row that make a plateau. */
export const FLAT_BATCHES = 12;

/** What one committed batch added to the search space. */
export interface BatchNews {
  /** Rows that landed in the batch. */
  rows: number;
  new_signatures: number;
  new_cells: number;
  new_shapes: number;
}

/**
 * The stop rule's accounting (SDK-REFERENCE 5.4): copies per planned cell and per action shape, and the run of
 * flat batches. It is fed only committed batches in plan order, so a seed gives the same stop point at any
 * concurrency, and a resumed run, replaying its stored rows, reaches the same point again.
 */
export class SaturationState {
  /** Rows per planned cell, keyed by the coordinate's sorted JSON; every planned cell starts at 0. */
  readonly #cellCounts = new Map<string, number>();
  /** Rows that showed each `tool:status` shape (a row counts once per shape). */
  readonly #shapeCounts = new Map<string, number>();
  /** Copies of each walked shape: rows the behaviour-targeted writer aimed at it, plus other rows that showed it. */
  readonly #walked = new Map<string, number>();
  #plateauBatches = 0;

  /**
   * @param walkShapes the run has a behaviour-targeted writer walking action shapes: the shapes it aims at then
   *   count toward saturation too.
   */
  constructor(
    cells: readonly GridCell[],
    private readonly walkShapes: boolean,
  ) {
    for (const cell of cells) this.#cellCounts.set(stableJson(cell.dimensions), 0);
  }

  /** A landed row: its cell (if planned), the shapes it showed, and the shape it was aimed at, if any. */
  noteRow(dimensions: Dimensions, shapes: readonly string[], targetShape: string | undefined): void {
    const cell = stableJson(dimensions);
    const count = this.#cellCounts.get(cell);
    if (count !== undefined) this.#cellCounts.set(cell, count + 1);
    const shown = new Set(shapes);
    if (targetShape !== undefined && !this.#walked.has(targetShape)) this.#walked.set(targetShape, this.#shapeCounts.get(targetShape) ?? 0);
    for (const shape of shown) this.#shapeCounts.set(shape, (this.#shapeCounts.get(shape) ?? 0) + 1);
    for (const [shape, copies] of this.#walked) if (shape === targetShape || shown.has(shape)) this.#walked.set(shape, copies + 1);
  }

  /**
   * Closes a batch: `space_rate = (new signatures + new cells + new action shapes) / batch rows` (0 when no row
   * landed); `plateau_batches` grows when it is under NEW_SIGNATURE_FLOOR and resets otherwise.
   */
  endBatch(news: BatchNews): number {
    const spaceRate = news.rows === 0 ? 0 : (news.new_signatures + news.new_cells + news.new_shapes) / news.rows;
    this.#plateauBatches = spaceRate < NEW_SIGNATURE_FLOOR ? this.#plateauBatches + 1 : 0;
    return spaceRate;
  }

  get plateauBatches(): number {
    return this.#plateauBatches;
  }

  get plateaued(): boolean {
    return this.#plateauBatches >= FLAT_BATCHES;
  }

  /** The fewest rows any planned cell has (0 when a planned cell is unseen, or nothing was planned). */
  minCellCopies(): number {
    let least: number | undefined;
    for (const count of this.#cellCounts.values()) least = least === undefined ? count : Math.min(least, count);
    return least ?? 0;
  }

  /** `copy_deficit`: rows still missing before every planned cell has SATURATION_COPIES. */
  copyDeficit(): number {
    let deficit = 0;
    for (const count of this.#cellCounts.values()) deficit += Math.max(0, SATURATION_COPIES - count);
    return deficit;
  }

  /** `uncovered_shapes`: walked shapes no row has shown yet, sorted; empty when shapes are not walked. */
  uncoveredShapes(): string[] {
    if (!this.walkShapes) return [];
    return [...this.#walked.keys()].filter((shape) => !this.#shapeCounts.has(shape)).sort();
  }

  /**
   * Every planned cell has at least SATURATION_COPIES rows and, when shapes are walked, every walked shape has
   * SATURATION_COPIES copies. Decisions where SDK-REFERENCE 5.4 is silent or would never be met offline:
   * - only planned cells count: off-grid cells (probes, gap, shape and mutation cells) are new coordinates by
   *   design, and would never all reach the copies;
   * - the shapes that count are the ones the behaviour-targeted writer walks (aims at); a shape that only turned
   *   up by chance cannot be steered at, so its copies would be luck;
   * - a walked shape's copies are the rows aimed at it or showing it: an uncovered shape (the agent never showed
   *   it) stops holding the run once SATURATION_COPIES rows were aimed at it, and stays listed in uncovered_shapes.
   */
  isSaturated(): boolean {
    for (const count of this.#cellCounts.values()) if (count < SATURATION_COPIES) return false;
    if (!this.walkShapes) return true;
    for (const copies of this.#walked.values()) if (copies < SATURATION_COPIES) return false;
    return true;
  }

  /**
   * `predicted_to_saturation`: `max(copy_deficit, (FLAT_BATCHES - plateau_batches) * batch)` rows, capped by the
   * budget left; 0 once saturated.
   */
  predictedToSaturation(batchRows: number, budgetLeft: number): number {
    if (this.isSaturated()) return 0;
    const flat = Math.max(0, FLAT_BATCHES - this.#plateauBatches) * batchRows;
    return Math.max(0, Math.min(Math.max(this.copyDeficit(), flat), budgetLeft));
  }
}

/**
 * Why `until` ends the run after a committed batch, or undefined while it goes on. `compute` never does.
 * `saturation` stops (`saturation`) when the copies are in (`isSaturated`) or on a plateau of FLAT_BATCHES flat
 * batches: SDK-REFERENCE 5.4 leaves open whether the plateau alone stops the run; we let it, so a run whose cells can
 * never all fill (writers that cannot reach them) stops once batches find nothing new instead of spending the whole
 * budget. `first` stops with its own reason, `pairs_covered`, once every planned pair is covered (vacuously true when
 * nothing was planned); on the same plateau first, it stops with `saturation` like the saturation mode (the SDK names
 * no reason of its own for `first`).
 */
export function untilStopReason(until: Until, saturation: SaturationState, pairwise: PairwiseCoverage): StopReason | undefined {
  switch (until) {
    case 'compute':
      return undefined;
    case 'saturation':
      return saturation.isSaturated() || saturation.plateaued ? 'saturation' : undefined;
    case 'first':
      if (pairwise.pairs_covered >= pairwise.pairs_planned) return 'pairs_covered';
      return saturation.plateaued ? 'saturation' : undefined;
    default: {
      const unreachable: never = until;
      return unreachable;
    }
  }
}

/** Whether `until` ends the run after a committed batch (for any reason `untilStopReason` gives). */
export function untilReached(until: Until, saturation: SaturationState, pairwise: PairwiseCoverage): boolean {
  return untilStopReason(until, saturation, pairwise) !== undefined;
}
