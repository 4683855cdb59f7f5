/** Mean of the values; null for none. */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** Sample standard deviation (n - 1 denominator); null under two values. */
export function sampleStandardDeviation(values: readonly number[]): number | null {
  const center = mean(values);
  if (center === null || values.length < 2) return null;
  let squares = 0;
  for (const value of values) squares += (value - center) ** 2;
  return Math.sqrt(squares / (values.length - 1));
}

/**
 * The q-quantile (q in [0, 1]) of values already sorted ascending, by linear interpolation between
 * order statistics (numpy's default, Hyndman-Fan type 7). `sorted` must not be empty.
 */
export function percentileOfSorted(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const lower = sorted[below] ?? 0;
  const upper = sorted[Math.min(below + 1, sorted.length - 1)] ?? lower;
  return lower + (position - below) * (upper - lower);
}

/** The mean value per key, keys in first-seen order. */
export function groupMeans(entries: Iterable<readonly [key: string, value: number]>): Map<string, number> {
  const sums = new Map<string, { sum: number; count: number }>();
  for (const [key, value] of entries) {
    const total = sums.get(key);
    if (total === undefined) sums.set(key, { sum: value, count: 1 });
    else {
      total.sum += value;
      total.count += 1;
    }
  }
  return new Map([...sums].map(([key, { sum, count }]) => [key, sum / count]));
}
