import { UNASSIGNED } from '../construct/constraints';
import type { GaloisField } from './galois-field';

/**
 * Colbourn's projection of the affine plane over GF(q) (Discrete Mathematics 308, 2008, Theorem 2.3): a
 * CA(q^2 - c; 2, q + 1 + c, q - c) for 0 <= c <= q - 2. Rows are the plane's points but c deleted ones
 * (0, e), e >= q - c, on the line x = 0. Columns are the parallel classes (lines y = m x + b by slope m, then
 * x = constant), whose lines through a deleted point are dropped, then one column per deleted point: the
 * slope of the line joining it to the row's point. With c = 0 it is the orthogonal array OA(q^2; 2, q + 1, q).
 * Returns the first `columnCount` columns; a cell no pair needs is UNASSIGNED.
 */
export function projectedArray(field: GaloisField, removed: number, columnCount: number): Int32Array[] {
  const order = field.order;
  const levels = order - removed;
  if (removed < 0 || levels < 2) throw new RangeError(`GF(${order}) projects to 2..${order} levels, not ${levels}`);
  if (columnCount > order + 1 + removed) throw new RangeError(`the projection has at most ${order + 1 + removed} columns`);
  const rows: Int32Array[] = [];
  for (let x = 0; x < order; x++) {
    for (let y = 0; y < order; y++) {
      if (x === 0 && y >= levels) continue;
      const row = new Int32Array(columnCount);
      for (let column = 0; column < columnCount; column++) row[column] = projectedCell(field, levels, x, y, column);
      rows.push(row);
    }
  }
  return rows;
}

/**
 * The value of point (x, y) in a column. A kept line keeps its label. A dropped line of slope m through the
 * deleted point (0, e) is the line where that point's column reads m, so its cells carry x - 1: together with
 * the column of slope m they cover every pair.
 */
function projectedCell(field: GaloisField, levels: number, x: number, y: number, column: number): number {
  const order = field.order;
  if (column < order) {
    const intercept = field.subtract(y, field.multiply(column, x));
    if (intercept < levels) return intercept;
    return column < levels && x >= 1 && x <= levels ? x - 1 : UNASSIGNED;
  }
  if (column === order) {
    // Without deleted points the line x = 0 stays; with them it goes, and x = 1..levels are the lines kept.
    if (levels === order) return x;
    return x >= 1 && x <= levels ? x - 1 : UNASSIGNED;
  }
  if (x === 0) return y;
  const deleted = levels + column - order - 1;
  const slope = field.divide(field.subtract(y, deleted), x);
  return slope < levels ? slope : UNASSIGNED;
}
