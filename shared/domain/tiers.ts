/** The four search tiers every stance maps onto (SDK `_TIERS`), ordinary first; the domain comes from tools and policy. */
export const TIERS = ['ordinary', 'ambiguous', 'boundary', 'adversarial'] as const;
export type Tier = (typeof TIERS)[number];

/** SDK `_TIER_ALIASES`: stance (or vagueness) name to tier. A name missing here counts as ordinary. */
export const TIER_ALIASES: Readonly<Record<string, Tier>> = {
  ordinary: 'ordinary',
  vague: 'ambiguous',
  underspecified: 'ambiguous',
  ambiguous: 'ambiguous',
  unsure: 'ambiguous',
  boundary: 'boundary',
  'policy-push': 'boundary',
  conflicting: 'boundary',
  adversarial: 'adversarial',
  malicious: 'adversarial',
  forbidden: 'adversarial',
  hurried: 'ordinary',
  retry: 'ordinary',
  mistaken: 'ordinary',
  exploratory: 'ordinary',
};

/** The tier of a stance (SDK `behavior_tier`); unknown or empty stances are ordinary. */
export function tierOfStance(stance: string | undefined): Tier {
  return (stance !== undefined && Object.hasOwn(TIER_ALIASES, stance) ? TIER_ALIASES[stance] : undefined) ?? 'ordinary';
}
