import { AXES, type AxisValues, type Dimensions } from '../../shared/domain';
import { gridConstraints } from './grid-constraints';

/** Axis values a run is aimed at ("fill this cell"): every planned cell carries them. Empty means no aim. */
export type Aim = Partial<Dimensions>;

/** The aimed axes, in axis order. */
export function aimedAxes(aim: Aim | undefined): (keyof Dimensions)[] {
  return AXES.filter((axis) => aim?.[axis] !== undefined);
}

/** Whether a coordinate carries every aimed value. */
export function matchesAim(dimensions: Readonly<Record<string, string>>, aim: Aim | undefined): boolean {
  return aimedAxes(aim).every((axis) => dimensions[axis] === aim![axis]);
}

/**
 * Why these axes cannot carry this aim, one sentence each naming the axis: a value the axis does not list,
 * or a combination no row may hold (an unrelated ask meets no record and no fault). Empty when it can.
 */
export function aimProblems(axes: AxisValues, aim: Aim | undefined): string[] {
  const problems: string[] = [];
  for (const axis of aimedAxes(aim)) {
    const value = aim![axis]!;
    if (!axes[axis].includes(value)) problems.push(`${axis} "${value}" is not a value of the spec's ${axis} axis`);
  }
  if (problems.length > 0) return problems;
  for (const { combination, reason } of gridConstraints(axes)) {
    if (Object.entries(combination).every(([axis, value]) => aim?.[axis as keyof Dimensions] === value)) {
      const [first, second] = Object.entries(combination).map(([axis, value]) => `${axis} "${value}"`);
      problems.push(`${first} never meets ${second}: ${reason}`);
    }
  }
  return problems;
}

/** The axes with each aimed axis narrowed to its aimed value. */
export function narrowAxes(axes: AxisValues, aim: Aim | undefined): AxisValues {
  const narrowed = { ...axes };
  for (const axis of aimedAxes(aim)) narrowed[axis] = [aim![axis]!];
  return narrowed;
}
