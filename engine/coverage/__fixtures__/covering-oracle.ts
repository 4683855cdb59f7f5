import type { CoveringAxis, PartialRow } from '../covering-types';

/**
 * A deliberately plain re-implementation of the covering contract, for tests: naive recursion
 * and string keys, sharing no code with the generator.
 */
export function containsPartial(row: readonly string[], axes: readonly CoveringAxis[], partial: PartialRow): boolean {
  return Object.entries(partial).every(([name, value]) => row[axes.findIndex((axis) => axis.name === name)] === value);
}

/** Whether some full row agrees with `fixed` (axis index -> value) and contains no forbidden combination. */
export function isCompletable(
  axes: readonly CoveringAxis[],
  forbidden: readonly PartialRow[],
  fixed: ReadonlyMap<number, string>,
): boolean {
  const row: string[] = [];
  const violates = (length: number): boolean =>
    forbidden.some((partial) =>
      Object.entries(partial).every(([name, value]) => {
        const column = axes.findIndex((axis) => axis.name === name);
        return column < length && row[column] === value;
      }),
    );
  const extend = (column: number): boolean => {
    if (column === axes.length) return true;
    const choices = fixed.has(column) ? [fixed.get(column)!] : axes[column]!.values;
    for (const value of choices) {
      row[column] = value;
      if (!violates(column + 1) && extend(column + 1)) return true;
    }
    row.length = column;
    return false;
  };
  return extend(0);
}

/** Every combination of `strength` axes' values that some valid row holds, as "axis=value|..." keys. */
export function requiredKeys(axes: readonly CoveringAxis[], strength: number, forbidden: readonly PartialRow[]): Set<string> {
  const keys = new Set<string>();
  const t = Math.min(strength, axes.length);
  const visit = (start: number, fixed: Map<number, string>): void => {
    if (fixed.size === t) {
      if (isCompletable(axes, forbidden, fixed)) keys.add(keyOf(axes, fixed));
      return;
    }
    for (let column = start; column < axes.length; column++) {
      for (const value of axes[column]!.values) {
        fixed.set(column, value);
        visit(column + 1, fixed);
        fixed.delete(column);
      }
    }
  };
  visit(0, new Map());
  return keys;
}

/** The keys of every `strength`-combination the rows cover. */
export function coveredKeys(axes: readonly CoveringAxis[], strength: number, rows: readonly string[][]): Set<string> {
  const keys = new Set<string>();
  const t = Math.min(strength, axes.length);
  for (const row of rows) {
    const visit = (start: number, fixed: Map<number, string>): void => {
      if (fixed.size === t) {
        keys.add(keyOf(axes, fixed));
        return;
      }
      for (let column = start; column < axes.length; column++) {
        fixed.set(column, row[column]!);
        visit(column + 1, fixed);
        fixed.delete(column);
      }
    };
    visit(0, new Map());
  }
  return keys;
}

export function keyOfPartial(axes: readonly CoveringAxis[], partial: PartialRow): string {
  return keyOf(axes, new Map(Object.entries(partial).map(([name, value]) => [axes.findIndex((axis) => axis.name === name), value])));
}

function keyOf(axes: readonly CoveringAxis[], fixed: ReadonlyMap<number, string>): string {
  return [...fixed.entries()]
    .sort(([left], [right]) => left - right)
    .map(([column, value]) => `${axes[column]!.name}=${value}`)
    .join('|');
}
