import type { SeededRandom } from '../seeded';
import { PairIndex } from './pair-index';
import type { TupleSpace } from './tuple-space';

/** Tuples nobody needs start at this count, so they never read as uncovered (0) or unique (1). */
const NOT_REQUIRED = 1 << 29;

/**
 * Rows of value indices plus, for every tuple, how many rows cover it, and the set of required
 * tuples no row covers. `work` counts tuple visits: the unit of the post-optimisation budget.
 */
export class CoverageState {
  readonly space: TupleSpace;
  readonly rows: Int32Array[] = [];
  readonly counts: Int32Array;
  readonly uncoveredInCombo: Int32Array;
  uncoveredCount = 0;
  work = 0;
  private readonly uncoveredList: Int32Array;
  private readonly positions: Int32Array;
  private readonly comboStamps: Int32Array;
  private stamp = 0;
  private readonly changedRow: Int32Array;
  private readonly pairs: PairIndex | undefined;

  constructor(space: TupleSpace, required: Uint8Array) {
    this.space = space;
    this.counts = new Int32Array(space.tupleCount);
    this.uncoveredList = new Int32Array(space.tupleCount);
    this.positions = new Int32Array(space.tupleCount).fill(-1);
    this.uncoveredInCombo = new Int32Array(space.comboCount);
    this.comboStamps = new Int32Array(space.comboCount);
    this.changedRow = new Int32Array(space.axisCount);
    this.pairs = space.strength === 2 ? new PairIndex(space) : undefined;
    for (let combo = 0; combo < space.comboCount; combo++) {
      for (let tuple = space.comboStart[combo]!; tuple < space.comboStart[combo + 1]!; tuple++) {
        if (required[tuple] === 1) {
          this.markUncovered(tuple, combo);
        } else {
          this.counts[tuple] = NOT_REQUIRED;
        }
      }
    }
  }

  /** No array has fewer rows: a row covers one tuple per combo, so the combo with the most required tuples. */
  lowerBound(): number {
    let bound = 0;
    for (let combo = 0; combo < this.space.comboCount; combo++) {
      let count = 0;
      for (let tuple = this.space.comboStart[combo]!; tuple < this.space.comboStart[combo + 1]!; tuple++) {
        if (this.counts[tuple]! < NOT_REQUIRED) count++;
      }
      bound = Math.max(bound, count);
    }
    return bound;
  }

  randomUncovered(random: SeededRandom): number {
    return this.uncoveredList[random.below(this.uncoveredCount)]!;
  }

  /** Appends the row (kept by reference) and counts its tuples. */
  addRow(row: Int32Array): void {
    this.rows.push(row);
    const space = this.space;
    for (let combo = 0; combo < space.comboCount; combo++) {
      const tuple = space.tupleOf(combo, row);
      if (this.counts[tuple]!++ === 0) this.markCovered(tuple, combo);
    }
    this.work += space.comboCount;
  }

  /** Removes a row by moving the last row into its place. */
  removeRow(index: number): void {
    const row = this.rows[index]!;
    const space = this.space;
    for (let combo = 0; combo < space.comboCount; combo++) {
      const tuple = space.tupleOf(combo, row);
      if (--this.counts[tuple]! === 0) this.markUncovered(tuple, combo);
    }
    this.work += space.comboCount;
    const last = this.rows.pop()!;
    if (index < this.rows.length) this.rows[index] = last;
  }

  /** How many required tuples this row alone covers. */
  uniqueCount(index: number): number {
    const row = this.rows[index]!;
    const space = this.space;
    let count = 0;
    for (let combo = 0; combo < space.comboCount; combo++) {
      if (this.counts[space.tupleOf(combo, row)] === 1) count++;
    }
    this.work += space.comboCount;
    return count;
  }

  /** How many uncovered tuples a row (not in the array) would cover. */
  newlyCovered(row: ArrayLike<number>): number {
    const space = this.space;
    let count = 0;
    for (let combo = 0; combo < space.comboCount; combo++) {
      if (this.counts[space.tupleOf(combo, row)] === 0) count++;
    }
    this.work += space.comboCount;
    return count;
  }

  /**
   * The change in the number of uncovered tuples if row `index` took `values[i]` at `columns[i]`
   * for i < changeCount; every listed cell must differ from the row's current value.
   */
  evaluateChange(index: number, changeCount: number, columns: Int32Array, values: Int32Array): number {
    if (this.pairs !== undefined && changeCount <= 2) {
      return this.evaluatePairChange(this.pairs, this.rows[index]!, changeCount, columns, values);
    }
    const row = this.rows[index]!;
    const changed = this.changedRow;
    changed.set(row);
    for (let change = 0; change < changeCount; change++) changed[columns[change]!] = values[change]!;
    const space = this.space;
    const stamp = ++this.stamp;
    let delta = 0;
    let visits = 0;
    for (let change = 0; change < changeCount; change++) {
      const combos = space.combosOfColumn[columns[change]!]!;
      for (let position = 0; position < combos.length; position++) {
        const combo = combos[position]!;
        if (this.comboStamps[combo] === stamp) continue;
        this.comboStamps[combo] = stamp;
        visits++;
        if (this.counts[space.tupleOf(combo, row)] === 1) delta++;
        if (this.counts[space.tupleOf(combo, changed)] === 0) delta--;
      }
    }
    this.work += visits * 2;
    return delta;
  }

  applyChange(index: number, changeCount: number, columns: Int32Array, values: Int32Array): void {
    const row = this.rows[index]!;
    const changed = this.changedRow;
    changed.set(row);
    for (let change = 0; change < changeCount; change++) changed[columns[change]!] = values[change]!;
    const space = this.space;
    const stamp = ++this.stamp;
    let visits = 0;
    for (let change = 0; change < changeCount; change++) {
      const combos = space.combosOfColumn[columns[change]!]!;
      for (let position = 0; position < combos.length; position++) {
        const combo = combos[position]!;
        if (this.comboStamps[combo] === stamp) continue;
        this.comboStamps[combo] = stamp;
        visits++;
        const before = space.tupleOf(combo, row);
        if (--this.counts[before]! === 0) this.markUncovered(before, combo);
        const after = space.tupleOf(combo, changed);
        if (this.counts[after]!++ === 0) this.markCovered(after, combo);
      }
    }
    this.work += visits * 2;
    row.set(changed);
  }

  /** evaluateChange for strength 2, without building the changed row. */
  private evaluatePairChange(pairs: PairIndex, row: Int32Array, changeCount: number, columns: Int32Array, values: Int32Array): number {
    const counts = this.counts;
    const axisCount = pairs.axisCount;
    const first = columns[0]!;
    const second = changeCount === 2 ? columns[1]! : -1;
    let delta = 0;
    for (let change = 0; change < changeCount; change++) {
      const column = columns[change]!;
      const before = row[column]!;
      const after = values[change]!;
      const offset = column * axisCount;
      for (let other = 0; other < axisCount; other++) {
        if (other === first || other === second) continue;
        const pair = offset + other;
        const partial = pairs.base[pair]! + row[other]! * pairs.otherStride[pair]!;
        const stride = pairs.ownStride[pair]!;
        if (counts[partial + before * stride] === 1) delta++;
        if (counts[partial + after * stride] === 0) delta--;
      }
    }
    let visits = changeCount * (axisCount - changeCount);
    if (changeCount === 2) {
      const pair = first * axisCount + second;
      const base = pairs.base[pair]!;
      const firstStride = pairs.ownStride[pair]!;
      const secondStride = pairs.otherStride[pair]!;
      if (counts[base + row[first]! * firstStride + row[second]! * secondStride] === 1) delta++;
      if (counts[base + values[0]! * firstStride + values[1]! * secondStride] === 0) delta--;
      visits++;
    }
    this.work += visits * 2;
    return delta;
  }

  replaceRows(rows: readonly Int32Array[]): void {
    while (this.rows.length > 0) this.removeRow(this.rows.length - 1);
    for (const row of rows) this.addRow(row.slice());
  }

  snapshot(): Int32Array[] {
    return this.rows.map((row) => row.slice());
  }

  private markUncovered(tuple: number, combo: number): void {
    this.positions[tuple] = this.uncoveredCount;
    this.uncoveredList[this.uncoveredCount++] = tuple;
    this.uncoveredInCombo[combo]!++;
  }

  private markCovered(tuple: number, combo: number): void {
    const position = this.positions[tuple]!;
    const last = this.uncoveredList[--this.uncoveredCount]!;
    this.uncoveredList[position] = last;
    this.positions[last] = position;
    this.positions[tuple] = -1;
    this.uncoveredInCombo[combo]!--;
  }
}
