import { AXES, UNSPECIFIED, type Axis, type AxisValues, type Dimensions } from '../../shared/domain';
import { coveringArray } from './covering-array';
import type { PartialRow } from './covering-types';
import { NON_RULE_AXES, ruleBlock } from './plan-grid-rule-block';

export interface BlockOptions {
  seed: number;
  strength: 2 | 3;
  /** Combinations no cell may hold (`forbiddenCombinations`). */
  forbidden: readonly PartialRow[];
}

function toDimensions(names: readonly Axis[], values: readonly string[], fixed: Partial<Dimensions> = {}): Dimensions {
  const entries = new Map<string, string>(names.map((axis, index) => [axis, values[index]!]));
  return Object.fromEntries(AXES.map((axis) => [axis, fixed[axis] ?? entries.get(axis)!])) as Dimensions;
}

/** The grid is layered when there is a rule-free value to build the shared block on and at least one rule beside it. */
export function isLayered(axes: AxisValues): boolean {
  return axes.rule.includes(UNSPECIFIED) && axes.rule.some((rule) => rule !== UNSPECIFIED);
}

/**
 * The grid's coordinates before any fault is scheduled, built in layers as the SDK's `_covering_assignments` does:
 * a rule-free block (a covering array of the other five axes, every cell on `unspecified`), then one block per rule
 * in axis order, each a function of that rule's text and the other axes alone. Adding, removing or rewording one rule
 * changes only its own block. Every feasible pair of the six axes is still planned: pairs of the five other axes
 * in the rule-free block, a rule with each value of each other axis in its own block. Without a rule beside
 * `unspecified` (or without `unspecified`) there is nothing to layer and the six axes make one covering array.
 */
export function gridAssignments(axes: AxisValues, options: BlockOptions): Dimensions[] {
  if (!isLayered(axes)) {
    const rows = coveringArray(
      AXES.map((axis) => ({ name: axis, values: axes[axis] })),
      options,
    );
    return rows.map((row) => toDimensions(AXES, row));
  }
  const ruleFree = coveringArray(
    NON_RULE_AXES.map((axis) => ({ name: axis, values: axes[axis] })),
    options,
  ).map((row) => toDimensions(NON_RULE_AXES, row, { rule: UNSPECIFIED }));
  const ruleBlocks = axes.rule
    .filter((rule) => rule !== UNSPECIFIED)
    .flatMap((rule) => ruleBlock(rule, axes, { strength: options.strength, forbidden: options.forbidden }));
  return [...ruleFree, ...ruleBlocks];
}
