import type { GaloisField } from './galois-field';

/**
 * The product of the orthogonal array OA(q^2; 2, q, q) with itself: 2q^2 - q rows covering every pair of up to
 * q^2 columns of q levels. The base array's rows are the affine plane's points (x, y), its columns the slopes m
 * (value y - m x), and the points with x = 0 are its q constant rows. Column (i, j) of the product, numbered
 * i q + j, reads the base's column i in the first q^2 rows and its column j in the others, so two columns with
 * different i are covered by the first part and two with the same i by the second; the constant rows the two
 * parts share are written once.
 */
export function productArray(field: GaloisField, columnCount: number): Int32Array[] {
  const order = field.order;
  if (columnCount > order * order) throw new RangeError(`the product over GF(${order}) has at most ${order * order} columns`);
  const rows: Int32Array[] = [];
  for (const part of ['outer', 'inner'] as const) {
    for (let x = 0; x < order; x++) {
      if (part === 'inner' && x === 0) continue;
      for (let y = 0; y < order; y++) {
        const row = new Int32Array(columnCount);
        for (let column = 0; column < columnCount; column++) {
          const slope = part === 'outer' ? Math.floor(column / order) : column % order;
          row[column] = field.subtract(y, field.multiply(slope, x));
        }
        rows.push(row);
      }
    }
  }
  return rows;
}
