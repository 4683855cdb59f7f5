import { type ConstraintSet, UNASSIGNED } from './constraints';
import type { CoverageState } from '../coverage-state';
import type { SeededRandom } from '../../seeded';
import type { RowBuilder } from './row-builder';

/** When the search stops; checked between steps. */
export interface SearchBudget {
  /** Tuple visits (CoverageState.work) the search may spend in total. */
  readonly maxWork: number;
  /** Wall-clock cap in ms, read through `clock`; undefined for none. */
  readonly timeBudgetMs: number | undefined;
  readonly clock: () => number;
}

/** Rows [0, lockedRowCount) are seed rows: never removed, and their `lockedCells` never change. */
export interface LockedRows {
  readonly lockedRowCount: number;
  /** lockedRowCount x axisCount; 1 where the caller fixed the value. */
  readonly lockedCells: Uint8Array;
}

/** How many steps a changed cell stays frozen, so the search does not undo a move at once. */
const TABU_TENURE = 2;
const CLOCK_INTERVAL = 64;

/**
 * Tabu search that covers the uncovered tuples of an array with a fixed number of rows. Each step
 * picks a random uncovered tuple and, over every row, the change of that row's cells that makes it
 * cover the tuple; it makes the change that leaves the fewest tuples uncovered (ties at random),
 * skipping changes to recently changed cells unless they beat the best state so far.
 */
export class RepairSearch {
  private readonly state: CoverageState;
  private readonly constraints: ConstraintSet;
  private readonly builder: RowBuilder;
  private readonly locked: LockedRows;
  private readonly random: SeededRandom;
  private readonly budget: SearchBudget;
  private readonly workLimit: number;
  private readonly deadline: number;
  private readonly target: Int32Array;
  private readonly trial: Int32Array;
  private readonly columns: Int32Array;
  private readonly values: Int32Array;
  private readonly bestColumns: Int32Array;
  private readonly bestValues: Int32Array;
  private tabuUntil = new Int32Array(0);
  private step = 0;

  constructor(
    state: CoverageState,
    constraints: ConstraintSet,
    builder: RowBuilder,
    locked: LockedRows,
    random: SeededRandom,
    budget: SearchBudget,
  ) {
    this.state = state;
    this.constraints = constraints;
    this.builder = builder;
    this.locked = locked;
    this.random = random;
    this.budget = budget;
    this.workLimit = state.work + budget.maxWork;
    this.deadline = budget.timeBudgetMs === undefined ? Number.POSITIVE_INFINITY : budget.clock() + budget.timeBudgetMs;
    const axisCount = state.space.axisCount;
    this.target = new Int32Array(axisCount);
    this.trial = new Int32Array(axisCount);
    this.columns = new Int32Array(axisCount);
    this.values = new Int32Array(axisCount);
    this.bestColumns = new Int32Array(axisCount);
    this.bestValues = new Int32Array(axisCount);
  }

  /**
   * Searches until nothing is uncovered ('covered'); the budget runs out or no row can change
   * ('stopped'); or `stallWork` tuple visits pass without a new low in uncovered tuples ('stalled').
   */
  repair(stallWork: number): 'covered' | 'stopped' | 'stalled' {
    const state = this.state;
    const axisCount = state.space.axisCount;
    if (this.tabuUntil.length < state.rows.length * axisCount) {
      this.tabuUntil = new Int32Array(state.rows.length * axisCount);
    }
    this.tabuUntil.fill(0);
    let fewestUncovered = state.uncoveredCount;
    let lastProgress = state.work;
    while (state.uncoveredCount > 0) {
      if (state.work >= this.workLimit) return 'stopped';
      if (this.step++ % CLOCK_INTERVAL === 0 && this.budget.clock() >= this.deadline) return 'stopped';
      if (state.work - lastProgress > stallWork) return 'stalled';
      if (!this.moveOnce(fewestUncovered)) return 'stopped';
      if (state.uncoveredCount < fewestUncovered) {
        fewestUncovered = state.uncoveredCount;
        lastProgress = state.work;
      }
    }
    return 'covered';
  }

  /** One step; false when no row can change at all (only locked seed rows are left). */
  private moveOnce(fewestUncovered: number): boolean {
    const state = this.state;
    // Scanning the rows costs work too, so every step brings the budget closer.
    state.work += state.rows.length;
    const space = state.space;
    const strength = space.strength;
    const axisCount = space.axisCount;
    this.target.fill(UNASSIGNED);
    const combo = space.writeTuple(state.randomUncovered(this.random), this.target);
    const base = combo * strength;
    let bestRow = -1;
    let bestDelta = Number.POSITIVE_INFINITY;
    let bestCount = 0;
    let ties = 0;
    let validCount = 0;
    for (let index = 0; index < state.rows.length; index++) {
      const row = state.rows[index]!;
      let changeCount = 0;
      let isTabu = false;
      let isLocked = false;
      for (let position = 0; position < strength; position++) {
        const column = space.comboColumns[base + position]!;
        const value = this.target[column]!;
        if (row[column] === value) continue;
        if (index < this.locked.lockedRowCount && this.locked.lockedCells[index * axisCount + column] === 1) {
          isLocked = true;
          break;
        }
        if (this.tabuUntil[index * axisCount + column]! > this.step) isTabu = true;
        this.columns[changeCount] = column;
        this.values[changeCount++] = value;
      }
      if (isLocked || !this.isValidChange(row, changeCount)) continue;
      validCount++;
      const delta = state.evaluateChange(index, changeCount, this.columns, this.values);
      if (isTabu && state.uncoveredCount + delta >= fewestUncovered) continue;
      if (delta < bestDelta) {
        bestDelta = delta;
        ties = 1;
      } else if (delta > bestDelta || this.random.below(++ties) !== 0) {
        continue;
      }
      bestRow = index;
      bestCount = changeCount;
      this.bestColumns.set(this.columns.subarray(0, changeCount));
      this.bestValues.set(this.values.subarray(0, changeCount));
    }
    if (validCount === 0) return this.rebuildRandomRow();
    if (bestRow !== -1) this.apply(bestRow, bestCount);
    return true;
  }

  /**
   * When forbidden combinations stop every row from taking the tuple's cells alone, a free row is
   * rebuilt around the tuple instead.
   */
  private rebuildRandomRow(): boolean {
    const state = this.state;
    const freeRowCount = state.rows.length - this.locked.lockedRowCount;
    if (freeRowCount <= 0) return false;
    const index = this.locked.lockedRowCount + this.random.below(freeRowCount);
    const rebuilt = this.target.slice();
    if (!this.builder.complete(rebuilt, this.random)) return true;
    const row = state.rows[index]!;
    let changeCount = 0;
    rebuilt.forEach((value, column) => {
      if (row[column] === value) return;
      this.bestColumns[changeCount] = column;
      this.bestValues[changeCount++] = value;
    });
    this.apply(index, changeCount);
    return true;
  }

  private apply(index: number, changeCount: number): void {
    const axisCount = this.state.space.axisCount;
    this.state.applyChange(index, changeCount, this.bestColumns, this.bestValues);
    for (let change = 0; change < changeCount; change++) {
      this.tabuUntil[index * axisCount + this.bestColumns[change]!] = this.step + TABU_TENURE;
    }
  }

  private isValidChange(row: Int32Array, changeCount: number): boolean {
    if (this.constraints.isEmpty) return true;
    const trial = this.trial;
    trial.set(row);
    for (let change = 0; change < changeCount; change++) trial[this.columns[change]!] = this.values[change]!;
    for (let change = 0; change < changeCount; change++) {
      if (this.constraints.violatesAt(trial, this.columns[change]!, this.values[change]!)) return false;
    }
    return true;
  }
}
