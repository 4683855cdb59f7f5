/**
 * Kleitman and Spencer, and Katona (1973): n rows cover every pair of k binary columns exactly when k is at most
 * C(n - 1, ceil(n / 2)). The smallest such n, and an array of that many rows: a row of zeros, then the columns are
 * distinct sets of ceil(n / 2) of the other n - 1 rows. Two such sets neither contain each other (1-0 and 0-1) nor
 * miss each other (1-1: together they have more elements than n - 1 rows).
 */
export function binaryRowCount(columnCount: number): number {
  let rowCount = 2;
  while (binomial(rowCount - 1, Math.ceil(rowCount / 2)) < columnCount) rowCount++;
  return rowCount;
}

export function binaryArray(columnCount: number): Int32Array[] {
  const rowCount = binaryRowCount(columnCount);
  const weight = Math.ceil(rowCount / 2);
  const rows = Array.from({ length: rowCount }, () => new Int32Array(columnCount));
  const chosen = Array.from({ length: weight }, (_, index) => index);
  for (let column = 0; column < columnCount; column++) {
    for (const row of chosen) rows[row + 1]![column] = 1;
    nextCombination(chosen, rowCount - 1);
  }
  return rows;
}

function binomial(count: number, size: number): number {
  if (size < 0 || size > count) return 0;
  let result = 1;
  for (let index = 1; index <= size; index++) result = (result * (count - size + index)) / index;
  return Math.round(result);
}

/** Advances a sorted combination of 0..count-1 to the next in lexicographic order (wrapping at the last). */
function nextCombination(chosen: number[], count: number): void {
  let position = chosen.length - 1;
  while (position >= 0 && chosen[position] === count - chosen.length + position) position--;
  if (position < 0) return;
  chosen[position]!++;
  for (let next = position + 1; next < chosen.length; next++) chosen[next] = chosen[next - 1]! + 1;
}
