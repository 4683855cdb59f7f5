import { roundTo } from '../../shared/domain/rounding';
import { WRITER_ARMS, type WriterArm } from '../../shared/domain';
import { roundHalfEven } from '../people/tiers';
import type { ArmShares } from './arm-shares';

/** The offline template writer's own two arms (SDK-REFERENCE 5.3): covering-grid cards and open-ended probes. */
export const TEMPLATE_ARMS = ['structured', 'open_ended'] as const satisfies readonly WriterArm[];

/** Its starting split; every other arm has no weight (no model writes, and the loop's extras are not weighted). */
export const INITIAL_TEMPLATE_SHARES: Readonly<ArmShares> = {
  structured: 0.9,
  llm_guided: 0,
  open_ended: 0.1,
  behavior_targeted: 0,
  failure_mutation: 0,
};

const LEARNING_RATE = 0.5;
const FLOOR = 0.15;
const OPEN_RANGE = [0.05, 0.1] as const;

/**
 * The template split's update: `raw = w * (1 + 0.5 * max(0, yield))`, a floor of 0.15 per arm plus its part of the
 * rest, then open-ended clamped to [0.05, 0.10] and structured the remainder.
 */
export function reallocateTemplateShares(shares: Readonly<ArmShares>, yields: Readonly<ArmShares>): ArmShares {
  const raw = TEMPLATE_ARMS.map((arm) => shares[arm] * (1 + LEARNING_RATE * Math.max(0, yields[arm])));
  const rawSum = raw[0]! + raw[1]!;
  const rest = 1 - FLOOR * TEMPLATE_ARMS.length;
  const open = FLOOR + rest * (rawSum === 0 ? 0.5 : raw[1]! / rawSum);
  const clamped = roundTo(Math.min(OPEN_RANGE[1], Math.max(OPEN_RANGE[0], open)), 6);
  return { ...INITIAL_TEMPLATE_SHARES, structured: roundTo(1 - clamped, 6), open_ended: clamped };
}

/** The loop's own extra cards per batch beside the split: one failure mutation, then one behaviour-targeted card. */
const EXTRA_ARMS = ['failure_mutation', 'behavior_targeted'] as const satisfies readonly WriterArm[];
/** Slots the split keeps for itself before an extra may take one. */
const SPLIT_MIN_SLOTS = 2;

/**
 * A batch's slots offline: each extra arm takes one while the split keeps at least two, then
 * `open = min(slots - 1, max(1, round(slots * w_open)))` (0 under two slots) and structured the rest.
 */
export function allocateTemplateSlots(shares: Readonly<ArmShares>, slots: number): ArmShares {
  const counts = Object.fromEntries(WRITER_ARMS.map((arm) => [arm, 0])) as ArmShares;
  let left = slots;
  for (const arm of EXTRA_ARMS) {
    if (left - 1 < SPLIT_MIN_SLOTS) break;
    counts[arm] = 1;
    left -= 1;
  }
  counts.open_ended = left < 2 ? 0 : Math.min(left - 1, Math.max(1, roundHalfEven(left * shares.open_ended)));
  counts.structured = left - counts.open_ended;
  return counts;
}
