import { type ConstraintSet, UNASSIGNED } from './constraints';
import type { CoverageState } from '../coverage-state';
import type { SeededRandom } from '../../seeded';

/**
 * Completes partial rows greedily: the unassigned axes, in random order, each take the value that
 * covers the most still-uncovered tuples among the axes assigned so far (ties at random), skipping
 * values after which no valid full row exists.
 */
export class RowBuilder {
  private readonly state: CoverageState;
  private readonly constraints: ConstraintSet;
  private readonly order: Int32Array;
  private readonly gains: Int32Array;

  constructor(state: CoverageState, constraints: ConstraintSet) {
    this.state = state;
    this.constraints = constraints;
    const space = state.space;
    this.order = new Int32Array(space.axisCount);
    const largest = Math.max(...space.sizes);
    this.gains = new Int32Array(largest);
  }

  /** Fills every UNASSIGNED cell of a feasible partial row; false if the row cannot be completed. */
  complete(row: Int32Array, random: SeededRandom): boolean {
    const space = this.state.space;
    let pending = 0;
    for (let column = 0; column < space.axisCount; column++) {
      if (row[column]! < 0) this.order[pending++] = column;
    }
    random.shuffle(this.order, pending);
    for (let index = 0; index < pending; index++) {
      const column = this.order[index]!;
      const value = this.chooseValue(row, column, random);
      if (value === UNASSIGNED) return false;
      row[column] = value;
    }
    return true;
  }

  private chooseValue(row: Int32Array, column: number, random: SeededRandom): number {
    const space = this.state.space;
    const counts = this.state.counts;
    const size = space.sizes[column]!;
    const gains = this.gains;
    gains.fill(0, 0, size);
    const combos = space.combosOfColumn[column]!;
    const strength = space.strength;
    this.state.work += combos.length * size;
    for (let index = 0; index < combos.length; index++) {
      const combo = combos[index]!;
      const base = combo * strength;
      let partial = space.comboStart[combo]!;
      let stride = 0;
      let isReady = true;
      for (let position = 0; position < strength; position++) {
        const other = space.comboColumns[base + position]!;
        if (other === column) {
          stride = space.comboStrides[base + position]!;
        } else if (row[other]! < 0) {
          isReady = false;
          break;
        } else {
          partial += row[other]! * space.comboStrides[base + position]!;
        }
      }
      if (!isReady) continue;
      for (let value = 0; value < size; value++) {
        if (counts[partial + value * stride] === 0) gains[value]!++;
      }
    }
    if (this.constraints.isEmpty) return bestValue(gains, size, random);
    // Best value first; a value that would make the row infeasible is ruled out and the next tried.
    for (let attempt = 0; attempt < size; attempt++) {
      const value = bestValue(gains, size, random);
      if (gains[value]! < 0) return UNASSIGNED;
      if (this.isAllowed(row, column, value)) return value;
      gains[value] = -1;
    }
    return UNASSIGNED;
  }

  private isAllowed(row: Int32Array, column: number, value: number): boolean {
    if (!this.constraints.touches(column, value)) return true;
    if (this.constraints.violatesAt(row, column, value)) return false;
    row[column] = value;
    const isFeasible = this.constraints.isFeasible(row);
    row[column] = UNASSIGNED;
    return isFeasible;
  }
}

/** The first value with the highest gain, scanning cyclically from a random value. */
function bestValue(gains: Int32Array, size: number, random: SeededRandom): number {
  const offset = random.below(size);
  let best = offset;
  for (let step = 1; step < size; step++) {
    const value = offset + step < size ? offset + step : offset + step - size;
    if (gains[value]! > gains[best]!) best = value;
  }
  return best;
}
