import { AXES, type AxisValues, type Dimensions, type PairsAccounting } from '../../shared/domain';
import { aimProblems } from './aim';
import { gridConstraints } from './grid-constraints';
import { pairsOf } from './pairwise-coverage';
import type { GridOptions, GridPlan } from './plan-grid';

type Pair = Partial<Dimensions>;

/** Every pair of values of two different axes, in axis order, then value order. */
function everyPair(axes: AxisValues): Pair[] {
  const pairs: Pair[] = [];
  AXES.forEach((first, index) => {
    for (const second of AXES.slice(index + 1)) {
      for (const a of axes[first]) for (const b of axes[second]) pairs.push({ [first]: a, [second]: b });
    }
  });
  return pairs;
}

/**
 * `wai plan`'s and the Coverage view's pairs accounting: each pair of the spec's axis values is planned, impossible
 * (a grid constraint, with its reason), outside the run's aim, or left out because the cells that carried it had
 * their fault flipped to success (the cold start and the fault rate). The four add up to `pairs_possible`.
 */
export function pairsAccounting(
  axes: AxisValues,
  plan: GridPlan,
  options: Pick<GridOptions, 'fault_rate' | 'prefer_success'>,
): PairsAccounting {
  const constraints = gridConstraints(axes);
  const reasonOf = new Map(constraints.map(({ combination, reason }) => [pairsOf(combination)[0]!, reason]));
  const impossible = new Map<string, Pair[]>();
  let outsideAim = 0;
  let flipped = 0;
  let planned = 0;
  const pairs = everyPair(axes);
  for (const pair of pairs) {
    const key = pairsOf(pair)[0]!;
    const reason = reasonOf.get(key);
    if (plan.planned.has(key)) planned++;
    else if (reason !== undefined) impossible.set(reason, [...(impossible.get(reason) ?? []), pair]);
    else if (plan.aim && isOutsideAim(axes, plan.aim, pair)) outsideAim++;
    else flipped++;
  }
  const groups = [...impossible].map(([reason, list]) => ({ reason, pairs: list }));
  return {
    pairs_possible: pairs.length,
    pairs_planned: planned,
    pairs_impossible: groups.reduce((sum, group) => sum + group.pairs.length, 0),
    impossible: groups,
    pairs_outside_aim: outsideAim,
    pairs_flipped: flipped,
    fault_rate: options.fault_rate,
    prefer_success: options.prefer_success,
  };
}

/** The pair gives an aimed axis another value than the aim's, or cannot occur beside the aim. */
function isOutsideAim(axes: AxisValues, aim: Pair, pair: Pair): boolean {
  const contradicts = AXES.some((axis) => aim[axis] !== undefined && pair[axis] !== undefined && pair[axis] !== aim[axis]);
  return contradicts || aimProblems(axes, { ...aim, ...pair }).length > 0;
}
