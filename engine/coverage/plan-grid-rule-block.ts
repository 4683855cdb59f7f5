import { AXES, type Axis, type AxisValues, type Dimensions } from '../../shared/domain';
import { hashInt } from '../seeded';
import { coveringArray } from './covering-array';
import type { PartialRow } from './covering-types';

/** The axes a rule block walks: every axis but the rule. */
export const NON_RULE_AXES: readonly Axis[] = AXES.filter((axis) => axis !== 'rule');

type Coordinate = Record<Axis, string>;

/** The coordinate with its keys in axis order, as every other grid cell has them. */
function inAxisOrder(coordinate: Coordinate): Dimensions {
  return Object.fromEntries(AXES.map((axis) => [axis, coordinate[axis]])) as Dimensions;
}

function holds(row: Readonly<Record<string, string>>, combination: PartialRow): boolean {
  return Object.entries(combination).every(([axis, value]) => row[axis] === value);
}

/**
 * The row with each forbidden combination it holds undone: the combination's last axis (in axis order) that is not
 * pinned and has a value breaking no combination takes the first such value of its list. Undefined when none has.
 */
function repaired(row: Coordinate, pinned: ReadonlySet<Axis>, axes: AxisValues, forbidden: readonly PartialRow[]): Coordinate | undefined {
  const result = { ...row };
  const fits = (axis: Axis, candidate: string) => {
    const trial = { ...result, [axis]: candidate };
    return !forbidden.some((other) => other[axis] !== undefined && holds(trial, other));
  };
  for (const combination of forbidden) {
    if (!holds(result, combination)) continue;
    const movable = AXES.filter((axis) => combination[axis] !== undefined && !pinned.has(axis)).reverse();
    const axis = movable.find((each) => axes[each].some((candidate) => fits(each, candidate)));
    if (!axis) return undefined;
    result[axis] = axes[axis].find((candidate) => fits(axis, candidate))!;
  }
  return result;
}

/**
 * The SDK's diagonal walk at strength 2: `width` = the longest other axis; row j gives each axis
 * `values[(j + offset) % length]`, the offset hashed from the rule, the axis and `rule-block`. A row that holds a
 * forbidden combination gives up the combination's later value; a value lost that way gets a row of its own.
 */
function diagonalBlock(rule: string, axes: AxisValues, forbidden: readonly PartialRow[]): Coordinate[] {
  const width = Math.max(...NON_RULE_AXES.map((axis) => axes[axis].length));
  const offsets = NON_RULE_AXES.map((axis) => hashInt(`${rule}:${axis}:rule-block`, axes[axis].length));
  const walk: Coordinate[] = Array.from({ length: width }, (_, step) => {
    const row = { rule } as Coordinate;
    NON_RULE_AXES.forEach((axis, index) => {
      const values = axes[axis];
      row[axis] = values[(step + offsets[index]!) % values.length]!;
    });
    return row;
  });
  const block = walk.flatMap((row) => repaired(row, new Set(['rule']), axes, forbidden) ?? []);
  for (const row of walk) {
    for (const axis of NON_RULE_AXES) {
      if (block.some((each) => each[axis] === row[axis])) continue;
      const extra = repaired(row, new Set<Axis>(['rule', axis]), axes, forbidden);
      if (extra) block.push(extra);
    }
  }
  return block;
}

/**
 * One rule's block: every (t-1)-tuple of the other five axes beside the rule, so the rule meets every value of
 * every other axis (strength 2), or every pair of them (strength 3, a covering array seeded by the rule's text). It
 * depends on the rule's text and the other axes only, never on the other rules or the run's seed.
 */
export function ruleBlock(rule: string, axes: AxisValues, options: { strength: 2 | 3; forbidden: readonly PartialRow[] }): Dimensions[] {
  if (options.strength === 2) return diagonalBlock(rule, axes, options.forbidden).map(inAxisOrder);
  const rows = coveringArray(
    NON_RULE_AXES.map((axis) => ({ name: axis, values: axes[axis] })),
    { seed: hashInt(`${rule}:rule-block`, 2 ** 31), strength: 2, forbidden: options.forbidden },
  );
  return rows.map((row) => {
    const coordinate = { rule } as Coordinate;
    NON_RULE_AXES.forEach((axis, index) => (coordinate[axis] = row[index]!));
    return inAxisOrder(coordinate);
  });
}
