import type { GaloisField } from './galois-field';

/**
 * The product of an orthogonal array over GF(q) with itself, covering every pair of up to (q + 1)^2 columns of q
 * levels. The base array's rows are the affine plane's points (x, y), its columns the slopes m (value y - m x)
 * and, past q^2 product columns, the vertical lines (value x). Column (i, j) of the product, numbered i b + j for
 * b base columns, reads the base's column i in the first q^2 rows and its column j in the others, so two columns
 * with different i are covered by the first part and two with the same i by the second. Up to q^2 columns the
 * base leaves out the vertical lines and its points with x = 0 are constant rows, which the two parts share and
 * the product writes once: 2q^2 - q rows; beyond, 2q^2.
 */
export function productArray(field: GaloisField, columnCount: number): Int32Array[] {
  const order = field.order;
  if (columnCount > (order + 1) ** 2) throw new RangeError(`the product over GF(${order}) has at most ${(order + 1) ** 2} columns`);
  const baseColumns = columnCount <= order * order ? order : order + 1;
  const baseCell = (x: number, y: number, column: number) => (column === order ? x : field.subtract(y, field.multiply(column, x)));
  const rows: Int32Array[] = [];
  for (const part of ['outer', 'inner'] as const) {
    for (let x = 0; x < order; x++) {
      if (part === 'inner' && x === 0 && baseColumns === order) continue;
      for (let y = 0; y < order; y++) {
        const row = new Int32Array(columnCount);
        for (let column = 0; column < columnCount; column++) {
          const baseColumn = part === 'outer' ? Math.floor(column / baseColumns) : column % baseColumns;
          row[column] = baseCell(x, y, baseColumn);
        }
        rows.push(row);
      }
    }
  }
  return rows;
}
