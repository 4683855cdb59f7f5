import { STANCES, TIERS, tierOfStance } from '../../../shared/domain';

/** The stances of the grid's stance axis a tier groups, in the axis's order (empty for a tier none maps onto). */
export function stancesOfTier(tier: string): string[] {
  return STANCES.filter((stance) => tierOfStance(stance) === tier);
}

/** The summary's tier counts in tier order; a tier the run never produced reads 0, an unknown one comes last. */
export function tierRows(counts: Readonly<Record<string, number>>): { tier: string; count: number; stances: string[] }[] {
  const known: readonly string[] = TIERS;
  const extra = Object.keys(counts)
    .filter((tier) => !known.includes(tier))
    .sort();
  return [...TIERS, ...extra].map((tier) => ({ tier, count: counts[tier] ?? 0, stances: stancesOfTier(tier) }));
}
