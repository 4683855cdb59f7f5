import { roundTo } from '../../shared/domain/rounding';
import { WRITER_ARMS, type WriterArm } from '../../shared/domain';
import { SeededRandom } from '../seeded';

export type ArmShares = Record<WriterArm, number>;

/** `SEARCH_ARMS` starting shares. */
export const INITIAL_ARM_SHARES: Readonly<ArmShares> = {
  structured: 0.42,
  llm_guided: 0.42,
  open_ended: 0.1,
  behavior_targeted: 0.03,
  failure_mutation: 0.03,
};

const FLOORS: Readonly<ArmShares> = {
  structured: 0.15,
  llm_guided: 0.15,
  open_ended: 0.05,
  behavior_targeted: 0.01,
  failure_mutation: 0.01,
};
const MAIN_ARMS: readonly WriterArm[] = ['structured', 'llm_guided'];
const RARE_ARMS: readonly WriterArm[] = ['behavior_targeted', 'failure_mutation'];
const OPEN_RANGE = [0.05, 0.1] as const;
const RARE_CAP = 0.08;
const LEARNING_RATE = 0.5;

/** Fills in arms that did not run this batch with the mean of the observed yields (0 if none): `complete_yields`. */
export function completeYields(observed: Partial<Record<WriterArm, number>>): ArmShares {
  const values = Object.values(observed).filter((value): value is number => value !== undefined);
  const mean = values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
  return Object.fromEntries(WRITER_ARMS.map((arm) => [arm, observed[arm] ?? mean])) as ArmShares;
}

/**
 * `reallocate_search_arms`: `raw = w * (1 + 0.5 * max(0, yield))`; each arm gets its floor plus its part of
 * the rest (0.63); open_ended is clamped to [0.05, 0.10]; rare arms are capped at 0.08, the excess going to
 * structured and llm_guided in proportion. Shares always sum to 1.
 */
export function reallocateArmShares(shares: Readonly<ArmShares>, yields: Readonly<ArmShares>): ArmShares {
  const raw = Object.fromEntries(
    WRITER_ARMS.map((arm) => [arm, shares[arm] * (1 + LEARNING_RATE * Math.max(0, yields[arm]))]),
  ) as ArmShares;
  const rawSum = WRITER_ARMS.reduce((sum, arm) => sum + raw[arm], 0);
  const floorSum = WRITER_ARMS.reduce((sum, arm) => sum + FLOORS[arm], 0);
  const next = Object.fromEntries(
    WRITER_ARMS.map((arm) => [arm, FLOORS[arm] + (1 - floorSum) * (rawSum === 0 ? 1 / WRITER_ARMS.length : raw[arm] / rawSum)]),
  ) as ArmShares;

  const open = Math.min(OPEN_RANGE[1], Math.max(OPEN_RANGE[0], next.open_ended));
  const others = WRITER_ARMS.filter((arm) => arm !== 'open_ended');
  const othersSum = others.reduce((sum, arm) => sum + next[arm], 0);
  for (const arm of others) next[arm] = (next[arm] / othersSum) * (1 - open);
  next.open_ended = open;

  let excess = 0;
  for (const arm of RARE_ARMS) {
    if (next[arm] > RARE_CAP) {
      excess += next[arm] - RARE_CAP;
      next[arm] = RARE_CAP;
    }
  }
  const mainSum = MAIN_ARMS.reduce((sum, arm) => sum + next[arm], 0);
  for (const arm of MAIN_ARMS) next[arm] += excess * (next[arm] / mainSum);

  const total = WRITER_ARMS.reduce((sum, arm) => sum + next[arm], 0);
  return Object.fromEntries(WRITER_ARMS.map((arm) => [arm, roundTo(next[arm] / total, 6)])) as ArmShares;
}

/**
 * Splits a batch's situation slots among arms: each arm gets the whole part of `share * slots`, and the
 * remaining slots go to arms drawn in proportion to their fractional parts (seeded), so rare arms still run.
 */
export function allocateSlots(shares: Readonly<ArmShares>, slots: number, random: SeededRandom): ArmShares {
  const counts = Object.fromEntries(WRITER_ARMS.map((arm) => [arm, Math.floor(shares[arm] * slots)])) as ArmShares;
  let left = slots - WRITER_ARMS.reduce((sum, arm) => sum + counts[arm], 0);
  const remainders = Object.fromEntries(WRITER_ARMS.map((arm) => [arm, shares[arm] * slots - counts[arm]])) as ArmShares;
  while (left > 0) {
    const total = WRITER_ARMS.reduce((sum, arm) => sum + remainders[arm], 0);
    let point = random.unit() * total;
    let chosen: WriterArm = 'structured';
    for (const arm of WRITER_ARMS) {
      if (remainders[arm] <= 0) continue;
      chosen = arm;
      point -= remainders[arm];
      if (point < 0) break;
    }
    counts[chosen] += 1;
    remainders[chosen] = 0;
    left -= 1;
    if (WRITER_ARMS.every((arm) => remainders[arm] <= 0)) {
      counts.structured += left;
      left = 0;
    }
  }
  return counts;
}
