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
  const figures = {
    pairs_possible: pairs.length,
    pairs_planned: planned,
    pairs_impossible: groups.reduce((sum, group) => sum + group.pairs.length, 0),
    impossible: groups,
    pairs_outside_aim: outsideAim,
    pairs_flipped: flipped,
    fault_rate: options.fault_rate,
    prefer_success: options.prefer_success,
  };
  return { ...figures, notes: accountingNotes(figures) };
}

const percent = (share: number) => `${Math.round(share * 100)}%`;
const counted = (count: number) => `${count} pair${count === 1 ? '' : 's'}`;

/** Pairs sharing their first value and second axis named together: `tool "unrelated" with tool_condition "a", "b" or "c"`. */
function named(pairs: readonly Pair[]): string {
  const groups = new Map<string, string[]>();
  for (const pair of pairs) {
    const [[firstAxis, firstValue], [secondAxis, secondValue]] = Object.entries(pair) as [[string, string], [string, string]];
    const key = `${firstAxis} "${firstValue}" with ${secondAxis}`;
    groups.set(key, [...(groups.get(key) ?? []), `"${secondValue}"`]);
  }
  const list = (values: string[]) => (values.length === 1 ? values[0]! : `${values.slice(0, -1).join(', ')} or ${values.at(-1)!}`);
  return [...groups].map(([key, values]) => `${key} ${list(values)}`).join('; ');
}

/** One sentence per kind of pair left out of `pairs_planned`, saying why. */
function accountingNotes(figures: Omit<PairsAccounting, 'notes'>): string[] {
  const notes = figures.impossible.map(
    ({ reason, pairs }) => `${counted(pairs.length)} can never occur, because ${reason}: ${named(pairs)}.`,
  );
  if (figures.pairs_outside_aim > 0) {
    notes.push(`${counted(figures.pairs_outside_aim)} lie outside the aim: every planned cell carries the aimed values.`);
  }
  if (figures.pairs_flipped > 0) {
    const rate = `fault_rate ${figures.fault_rate} keeps ${percent(figures.fault_rate)}`;
    const why = figures.prefer_success
      ? `the cold start keeps about one fault cell in ten, and ${rate} of those`
      : `${rate} of the fault cells`;
    notes.push(`${counted(figures.pairs_flipped)} need a tool fault, and every cell that carried one was flipped to success: ${why}.`);
  }
  return notes;
}

/** The pair gives an aimed axis another value than the aim's, or cannot occur beside the aim. */
function isOutsideAim(axes: AxisValues, aim: Pair, pair: Pair): boolean {
  const contradicts = AXES.some((axis) => aim[axis] !== undefined && pair[axis] !== undefined && pair[axis] !== aim[axis]);
  return contradicts || aimProblems(axes, { ...aim, ...pair }).length > 0;
}
