import { GaloisField } from './galois-field';
import type { SeededRandom } from '../../seeded';

/** Orthogonal-array starts larger than this many rows are not worth building. */
const MAX_ROWS = 4096;

/**
 * An OA(q^t; q+1, q, t) over GF(q) (Reed-Solomon; Bose's construction for t = 2): one row per
 * polynomial of degree < t, one column per field element (the polynomial's value there) plus one
 * for its leading coefficient. Any t columns hold every t-tuple of symbols exactly once.
 * Returns the first `columnCount` (<= q+1) columns.
 */
export function orthogonalArray(field: GaloisField, strength: number, columnCount: number): Int32Array[] {
  const order = field.order;
  if (columnCount > order + 1) throw new RangeError(`GF(${order}) gives at most ${order + 1} columns`);
  const rowCount = order ** strength;
  const coefficients = new Int32Array(strength);
  const rows: Int32Array[] = [];
  for (let index = 0; index < rowCount; index++) {
    let rest = index;
    for (let degree = 0; degree < strength; degree++) {
      coefficients[degree] = rest % order;
      rest = Math.floor(rest / order);
    }
    const row = new Int32Array(columnCount);
    for (let column = 0; column < columnCount; column++) {
      if (column === order) {
        row[column] = coefficients[strength - 1]!;
        continue;
      }
      let value = 0;
      for (let degree = strength - 1; degree >= 0; degree--) {
        value = field.add(field.multiply(value, column), coefficients[degree]!);
      }
      row[column] = value;
    }
    rows.push(row);
  }
  return rows;
}

/**
 * Rows covering every t-tuple of a mixed-level model, cut from the orthogonal array of the
 * smallest prime power q >= every axis size with q+1 >= the number of axes: on an axis with fewer
 * than q values, symbol s in 1..size becomes value s-1 and the other symbols are free cells, filled
 * at random. Symbol 0 is the one dropped so the all-zero row becomes free wherever it can.
 * Undefined when such an array would exceed MAX_ROWS.
 */
export function orthogonalArrayStart(sizes: readonly number[], strength: number, random: SeededRandom): Int32Array[] | undefined {
  let order = Math.max(...sizes, sizes.length - 1, 2);
  let field = GaloisField.of(order);
  while (field === undefined) field = GaloisField.of(++order);
  if (order ** strength > MAX_ROWS) return undefined;
  return orthogonalArray(field, strength, sizes.length).map((symbols) =>
    symbols.map((symbol, column) => {
      const size = sizes[column]!;
      if (size === order) return symbol;
      return symbol >= 1 && symbol <= size ? symbol - 1 : random.below(size);
    }),
  );
}
