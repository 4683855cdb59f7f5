/** One forbidden combination: parallel arrays of axis indices and value indices. */
export interface ForbiddenCells {
  readonly columns: readonly number[];
  readonly values: readonly number[];
}

/** Marks an unassigned cell in a partial row. */
export const UNASSIGNED = -1;

/**
 * Forbidden combinations over value indices. A row is valid when no forbidden entry has all of its
 * cells in the row; a partial row is feasible when some valid full row extends it.
 */
export class ConstraintSet {
  readonly isEmpty: boolean;
  private readonly sizes: readonly number[];
  private readonly entries: readonly ForbiddenCells[];
  private readonly cellStart: Int32Array;
  private readonly entriesOfCell: readonly Int32Array[];
  /** Axes that appear in some entry, the only ones a feasibility search has to assign. */
  private readonly constrainedColumns: Int32Array;
  private readonly scratch: Int32Array;

  constructor(sizes: readonly number[], entries: readonly ForbiddenCells[]) {
    this.sizes = sizes;
    this.entries = entries;
    this.isEmpty = entries.length === 0;
    this.cellStart = new Int32Array(sizes.length + 1);
    sizes.forEach((size, column) => {
      this.cellStart[column + 1] = this.cellStart[column]! + size;
    });
    const lists: number[][] = Array.from({ length: this.cellStart[sizes.length]! }, () => []);
    const isConstrained = new Uint8Array(sizes.length);
    entries.forEach((entry, index) => {
      entry.columns.forEach((column, position) => {
        lists[this.cellStart[column]! + entry.values[position]!]!.push(index);
        isConstrained[column] = 1;
      });
    });
    this.entriesOfCell = lists.map((list) => Int32Array.from(list));
    this.constrainedColumns = Int32Array.from(Array.from(isConstrained.keys()).filter((column) => isConstrained[column] === 1));
    this.scratch = new Int32Array(sizes.length);
  }

  /**
   * Whether some forbidden entry contains this cell. When none does, setting it keeps a feasible
   * partial row feasible: any valid completion with the cell changed to it is still valid.
   */
  touches(column: number, value: number): boolean {
    return this.entriesOfCell[this.cellStart[column]! + value]!.length > 0;
  }

  /** Whether putting `value` at `column` would complete a forbidden entry with the row's other assigned cells. */
  violatesAt(row: ArrayLike<number>, column: number, value: number): boolean {
    const list = this.entriesOfCell[this.cellStart[column]! + value]!;
    for (let index = 0; index < list.length; index++) {
      const entry = this.entries[list[index]!]!;
      let isComplete = true;
      for (let position = 0; position < entry.columns.length; position++) {
        const other = entry.columns[position]!;
        if (other !== column && row[other] !== entry.values[position]) {
          isComplete = false;
          break;
        }
      }
      if (isComplete) return true;
    }
    return false;
  }

  /** Whether the (partial) row already contains a whole forbidden entry. */
  violates(row: ArrayLike<number>): boolean {
    return this.entries.some((entry) => entry.columns.every((column, position) => row[column] === entry.values[position]));
  }

  /** Whether some valid full row agrees with every assigned cell of `row` (UNASSIGNED elsewhere). */
  isFeasible(row: ArrayLike<number>): boolean {
    if (this.violates(row)) return false;
    if (this.isEmpty) return true;
    const work = this.scratch;
    for (let column = 0; column < work.length; column++) work[column] = row[column]!;
    return this.search(work);
  }

  private search(work: Int32Array): boolean {
    let bestColumn = -1;
    let bestCount = Number.POSITIVE_INFINITY;
    for (let index = 0; index < this.constrainedColumns.length; index++) {
      const column = this.constrainedColumns[index]!;
      if (work[column] !== UNASSIGNED) continue;
      let count = 0;
      for (let value = 0; value < this.sizes[column]!; value++) {
        if (!this.violatesAt(work, column, value)) count++;
      }
      if (count === 0) return false;
      if (count < bestCount) {
        bestCount = count;
        bestColumn = column;
      }
    }
    if (bestColumn === -1) return true;
    for (let value = 0; value < this.sizes[bestColumn]!; value++) {
      if (this.violatesAt(work, bestColumn, value)) continue;
      work[bestColumn] = value;
      if (this.search(work)) return true;
    }
    work[bestColumn] = UNASSIGNED;
    return false;
  }
}
