import { type ForbiddenCells, UNASSIGNED } from './constraints';
import { CoveringInputError } from '../covering-input-error';
import type { CoveringAxis, PartialRow } from '../covering-types';

/** The model in value indices: what the algorithms work on. */
export interface CoveringProblem {
  readonly sizes: readonly number[];
  readonly strength: number;
  readonly forbidden: readonly ForbiddenCells[];
  /** One per seed row, UNASSIGNED where the caller left the axis open. */
  readonly seedRows: readonly Int32Array[];
}

/** Coverage bookkeeping keeps a few 32-bit counters per tuple; beyond this many it would not fit in memory. */
const MAX_TUPLES = 1 << 24;

export function toCoveringProblem(
  axes: readonly CoveringAxis[],
  strength: number,
  forbidden: readonly PartialRow[],
  seedRows: readonly PartialRow[],
): CoveringProblem {
  if (strength !== 2 && strength !== 3) {
    throw new CoveringInputError(`strength must be 2 or 3, got ${String(strength)}`);
  }
  const axisIndex = new Map<string, number>();
  const valueIndex = axes.map((axis, column) => {
    if (axisIndex.has(axis.name)) throw new CoveringInputError(`axis "${axis.name}" is listed twice`);
    axisIndex.set(axis.name, column);
    if (axis.values.length === 0) throw new CoveringInputError(`axis "${axis.name}" has no values`);
    const indices = new Map<string, number>();
    axis.values.forEach((value, index) => {
      if (indices.has(value)) throw new CoveringInputError(`axis "${axis.name}" lists value "${value}" twice`);
      indices.set(value, index);
    });
    return indices;
  });

  const toCells = (partial: PartialRow, what: string): ForbiddenCells => {
    const columns: number[] = [];
    const values: number[] = [];
    for (const [name, value] of Object.entries(partial)) {
      const column = axisIndex.get(name);
      if (column === undefined) throw new CoveringInputError(`${what} names unknown axis "${name}"`);
      const index = valueIndex[column]!.get(value);
      if (index === undefined) {
        throw new CoveringInputError(`${what} gives axis "${name}" the unknown value "${value}"`);
      }
      columns.push(column);
      values.push(index);
    }
    const order = columns.map((_, position) => position).sort((left, right) => columns[left]! - columns[right]!);
    return {
      columns: order.map((position) => columns[position]!),
      values: order.map((position) => values[position]!),
    };
  };

  const forbiddenCells = forbidden.map((partial, index) => {
    const cells = toCells(partial, `forbidden combination ${index + 1}`);
    if (cells.columns.length === 0) {
      throw new CoveringInputError(`forbidden combination ${index + 1} is empty, which would forbid every row`);
    }
    return cells;
  });

  const seedCells = seedRows.map((partial, index) => {
    const cells = toCells(partial, `seed row ${index + 1}`);
    const row = new Int32Array(axes.length).fill(UNASSIGNED);
    cells.columns.forEach((column, position) => {
      row[column] = cells.values[position]!;
    });
    return row;
  });

  const sizes = axes.map((axis) => axis.values.length);
  const effectiveStrength = Math.min(strength, axes.length);
  const tupleCount = countTuples(sizes, effectiveStrength);
  if (tupleCount > MAX_TUPLES) {
    throw new CoveringInputError(
      `the model has ${tupleCount} value combinations of ${effectiveStrength} axes; at most ${MAX_TUPLES} are supported`,
    );
  }
  return {
    sizes,
    strength: effectiveStrength,
    forbidden: forbiddenCells,
    seedRows: seedCells,
  };
}

/** The sum, over every set of `strength` axes, of the product of their sizes. */
function countTuples(sizes: readonly number[], strength: number): number {
  const bySetSize = [1, ...Array<number>(strength).fill(0)];
  for (const size of sizes) {
    for (let setSize = strength; setSize >= 1; setSize--) bySetSize[setSize]! += bySetSize[setSize - 1]! * size;
  }
  return bySetSize[strength]!;
}
