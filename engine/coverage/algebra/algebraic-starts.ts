import { binaryArray } from './binary-array';
import { GaloisField } from './galois-field';
import { productArray } from './product-array';
import { projectedArray } from './projection';
import { zeroSumArray } from './zero-sum-array';

/**
 * Starts more than this many times the lower bound (levels^2 rows) are not worth building: the greedy run does
 * better, and a projection from a field far above `levels` would be huge.
 */
const MAX_BOUND_RATIO = 4;

/**
 * Rows from the algebraic constructions that apply to `columnCount` columns of `levels` levels at strength 2, in
 * this order: the binary array of the fewest rows (2 levels), the zero-sum array (3 columns), the orthogonal array
 * of the smallest prime power q >= levels projected to `levels` levels (q^2 - (q - levels) rows), the product of
 * two orthogonal arrays (levels a prime power, up to (levels + 1)^2 columns), and the orthogonal array of the
 * largest prime power below `levels`, which leaves the pairs of the other values for a greedy completion.
 * UNASSIGNED marks free cells.
 */
export function algebraicStarts(levels: number, columnCount: number): Int32Array[][] {
  const maxRows = MAX_BOUND_RATIO * levels * levels;
  const starts: Int32Array[][] = [];
  if (levels === 2) starts.push(binaryArray(columnCount));
  const zeroSum = zeroSumArray(Array<number>(columnCount).fill(levels), 2);
  if (zeroSum !== undefined) starts.push(zeroSum);
  const projectionField = smallestField(levels, maxRows, (order) => columnCount <= 2 * order + 1 - levels);
  if (projectionField !== undefined) starts.push(projectedArray(projectionField, projectionField.order - levels, columnCount));
  const levelField = GaloisField.of(levels);
  const isProductWide = columnCount > levels + 1 && columnCount <= (levels + 1) ** 2;
  if (levelField !== undefined && isProductWide) starts.push(productArray(levelField, columnCount));
  const smallerField = largestFieldBelow(levels);
  if (smallerField !== undefined && columnCount <= smallerField.order + 1) starts.push(projectedArray(smallerField, 0, columnCount));
  return starts;
}

/** The field of the smallest prime-power order >= `levels` that `fits`, while its plane has at most `maxRows` points. */
function smallestField(levels: number, maxRows: number, fits: (order: number) => boolean): GaloisField | undefined {
  for (let order = levels; order * order <= maxRows; order++) {
    const field = GaloisField.of(order);
    if (field !== undefined && fits(order)) return field;
  }
  return undefined;
}

function largestFieldBelow(levels: number): GaloisField | undefined {
  for (let order = levels - 1; order >= 2; order--) {
    const field = GaloisField.of(order);
    if (field !== undefined) return field;
  }
  return undefined;
}
