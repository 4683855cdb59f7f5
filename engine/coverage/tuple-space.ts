/**
 * A flat numbering of every t-tuple of (axis, value) cells over t distinct axes: axis combinations
 * ("combos") in lexicographic order, and inside a combo the values in mixed radix, the last axis
 * varying fastest. Tuple ids are dense in [0, tupleCount), so coverage bookkeeping is typed arrays.
 */
export class TupleSpace {
  readonly axisCount: number;
  readonly strength: number;
  readonly sizes: Int32Array;
  readonly comboCount: number;
  /** comboCount x strength, ascending axes inside each combo. */
  readonly comboColumns: Int32Array;
  /** Same layout as comboColumns: what one step of that axis's value adds to the tuple id. */
  readonly comboStrides: Int32Array;
  /** comboCount + 1 entries: the first tuple id of each combo, then tupleCount. */
  readonly comboStart: Int32Array;
  readonly tupleCount: number;
  /** For each axis, the combos that contain it. */
  readonly combosOfColumn: readonly Int32Array[];

  constructor(sizes: readonly number[], strength: number) {
    const axisCount = sizes.length;
    if (strength < 1 || strength > axisCount) throw new RangeError(`strength ${strength} needs 1..${axisCount} axes`);
    this.axisCount = axisCount;
    this.strength = strength;
    this.sizes = Int32Array.from(sizes);
    const combos = combinations(axisCount, strength);
    this.comboCount = combos.length;
    this.comboColumns = new Int32Array(combos.length * strength);
    this.comboStrides = new Int32Array(combos.length * strength);
    this.comboStart = new Int32Array(combos.length + 1);
    const perColumn: number[][] = Array.from({ length: axisCount }, () => []);
    let next = 0;
    combos.forEach((columns, combo) => {
      this.comboStart[combo] = next;
      let stride = 1;
      for (let position = strength - 1; position >= 0; position--) {
        const column = columns[position]!;
        this.comboColumns[combo * strength + position] = column;
        this.comboStrides[combo * strength + position] = stride;
        stride *= sizes[column]!;
        perColumn[column]!.push(combo);
      }
      next += stride;
    });
    this.comboStart[combos.length] = next;
    this.tupleCount = next;
    this.combosOfColumn = perColumn.map((list) => Int32Array.from(list));
  }

  /** The id of the tuple a full (or sufficiently assigned) row covers in a combo. */
  tupleOf(combo: number, row: ArrayLike<number>): number {
    const base = combo * this.strength;
    let id = this.comboStart[combo]!;
    for (let position = 0; position < this.strength; position++) {
      id += row[this.comboColumns[base + position]!]! * this.comboStrides[base + position]!;
    }
    return id;
  }

  comboOfTuple(tuple: number): number {
    let low = 0;
    let high = this.comboCount - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.comboStart[middle]! <= tuple) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** Writes the tuple's values into `row` at its combo's axes and returns the combo. */
  writeTuple(tuple: number, row: Int32Array): number {
    const combo = this.comboOfTuple(tuple);
    const base = combo * this.strength;
    let rest = tuple - this.comboStart[combo]!;
    for (let position = 0; position < this.strength; position++) {
      const stride = this.comboStrides[base + position]!;
      const value = Math.floor(rest / stride);
      row[this.comboColumns[base + position]!] = value;
      rest -= value * stride;
    }
    return combo;
  }
}

function combinations(count: number, size: number): number[][] {
  const result: number[][] = [];
  const current: number[] = [];
  const extend = (start: number): void => {
    if (current.length === size) {
      result.push(current.slice());
      return;
    }
    for (let column = start; column <= count - (size - current.length); column++) {
      current.push(column);
      extend(column + 1);
      current.pop();
    }
  };
  extend(0);
  return result;
}
