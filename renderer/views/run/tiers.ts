import { STANCES } from '../../../shared/domain';

/** The four difficulty tiers the search mixes (SDK `_TIERS`), ordinary first, then the hard ones. */
export const TIER_ORDER = ['ordinary', 'ambiguous', 'boundary', 'adversarial'] as const;

/**
 * The tier of each stance on the grid's stance axis: the engine's `TIER_ALIASES` (engine/people/tiers.ts, SDK
 * `_TIER_ALIASES`) for the values of `STANCES`, which the renderer cannot import. A stance not named is ordinary.
 */
const TIER_OF_STANCE: Readonly<Record<string, string>> = {
  ordinary: 'ordinary',
  hurried: 'ordinary',
  retry: 'ordinary',
  mistaken: 'ordinary',
  exploratory: 'ordinary',
  ambiguous: 'ambiguous',
  unsure: 'ambiguous',
  boundary: 'boundary',
  conflicting: 'boundary',
  adversarial: 'adversarial',
};

/** The stances a tier groups, in the stance axis's order (empty for a tier no grid stance maps onto). */
export function stancesOfTier(tier: string): string[] {
  return STANCES.filter((stance) => (TIER_OF_STANCE[stance] ?? 'ordinary') === tier);
}

/** The summary's tier counts in tier order; a tier the run never produced reads 0, an unknown one comes last. */
export function tierRows(counts: Readonly<Record<string, number>>): { tier: string; count: number; stances: string[] }[] {
  const known: readonly string[] = TIER_ORDER;
  const extra = Object.keys(counts).filter((tier) => !known.includes(tier)).sort();
  return [...TIER_ORDER, ...extra].map((tier) => ({ tier, count: counts[tier] ?? 0, stances: stancesOfTier(tier) }));
}
