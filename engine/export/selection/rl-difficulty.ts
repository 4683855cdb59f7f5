import { roundTo } from '../../../shared/domain/rounding';
import { DIFFICULTY_BAND_ROLLOUTS } from '../constants';
import type { RlGroup } from './rl-groups';

/** Plus or minus this (95%, at a pass rate of one half) is how far a pass rate measured from k rollouts can be off. */
export const bandUncertainty = (k: number): number => roundTo(1.96 * Math.sqrt(0.25 / k), 2);

/** The middle value of a sorted list (the lower middle for an even count, so it is always a rollout count). */
const median = (sorted: readonly number[]): number => sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;

/**
 * How far the kept asks' difficulty can be trusted, from their own rollout counts: the spread of k over the asks
 * measured (k >= 2) and how many asks were never measured (one graded rollout, kept as the SDK keeps singles).
 */
export function difficultyWarnings(groups: readonly RlGroup[], singles: number): string[] {
  const warnings: string[] = [];
  const ks = groups
    .map((group) => group.calibration.k)
    .filter((k) => k >= 2)
    .sort((a, b) => a - b);
  const least = ks[0];
  if (least !== undefined && least < DIFFICULTY_BAND_ROLLOUTS) {
    const most = ks[ks.length - 1]!;
    const typical = median(ks);
    const spread = least === most ? `${least} rollouts per task` : `${least} to ${most} rollouts per task (median ${typical})`;
    const asks = ks.length === groups.length ? '' : ` for ${ks.length} of the ${groups.length} asks kept`;
    warnings.push(
      `Difficulty was measured from ${spread}${asks}, so a task's band assignment can be off by about ±${bandUncertainty(typical)}. ` +
        `Use repeats=${DIFFICULTY_BAND_ROLLOUTS} for a band you can trust.`,
    );
  }
  if (singles > 0) {
    const which =
      singles === groups.length
        ? singles === 1
          ? 'The ask kept has'
          : `All ${singles} asks kept have`
        : `${singles} of the ${groups.length} asks kept ${singles === 1 ? 'has' : 'have'}`;
    warnings.push(
      `${which} a single graded rollout, so ${singles === 1 ? 'its' : 'their'} difficulty is ` +
        `unmeasured and the band could not filter ${singles === 1 ? 'it' : 'them'}: ` +
        `simulate again with repeats of 2 or more (${DIFFICULTY_BAND_ROLLOUTS} for a band you can trust) and grade the new run.`,
    );
  }
  return warnings;
}
