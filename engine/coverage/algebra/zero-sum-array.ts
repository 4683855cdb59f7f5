/**
 * For t+1 axes: every t-tuple of the t largest axes once, the remaining (smallest) axis taking the
 * sum of the others' values modulo its size. Any t axes then hold every tuple: fixing all but one
 * of the summed axes, that one still runs through at least as many values as the smallest axis
 * has. The row count, the product of the t largest sizes, is the lower bound.
 */
export function zeroSumArray(sizes: readonly number[], strength: number): Int32Array[] | undefined {
  if (sizes.length !== strength + 1) return undefined;
  const smallest = sizes.reduce((best, size, column) => (size < sizes[best]! ? column : best), 0);
  const others = sizes.map((_, column) => column).filter((column) => column !== smallest);
  const rowCount = others.reduce((product, column) => product * sizes[column]!, 1);
  const rows: Int32Array[] = [];
  for (let index = 0; index < rowCount; index++) {
    const row = new Int32Array(sizes.length);
    let rest = index;
    let sum = 0;
    for (const column of others) {
      row[column] = rest % sizes[column]!;
      rest = Math.floor(rest / sizes[column]!);
      sum += row[column]!;
    }
    row[smallest] = sum % sizes[smallest]!;
    rows.push(row);
  }
  return rows;
}
