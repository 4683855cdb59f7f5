import { TIER_ALIASES, TIERS, type Tier } from '../../shared/domain/tiers';

export { TIER_ALIASES, TIERS, tierOfStance, type Tier } from '../../shared/domain/tiers';

/** The tiers `hard_share` draws from, round-robin in this order. */
export const HARD_TIERS = ['ambiguous', 'boundary', 'adversarial'] as const satisfies readonly Tier[];

/** Share of a slice drawn from the ordinary tier; the rest comes from the hard tiers. */
export const ORDINARY_SHARE = 0.6;
export const HARD_SHARE = 0.4;
/** From this many picks every tier gets at least one item, so a slice never reads as a single stance. */
export const TIER_COVER_FROM = 8;

/** Whether the stance has an entry in the alias table (the grid "maps" it). */
export function isMappedStance(stance: string): boolean {
  return Object.hasOwn(TIER_ALIASES, stance);
}

/** A fraction in [0, 1]; undefined or NaN means the default. */
export function clampShare(share: number | undefined, fallback = HARD_SHARE): number {
  if (share === undefined || Number.isNaN(share)) return fallback;
  return Math.max(0, Math.min(1, share));
}

/** Python's `round()`: halves go to the even neighbour, so counts match the SDK's for every share. */
export function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction > 0.5) return floor + 1;
  if (fraction < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

function normalizeTier(tier: string): Tier {
  return (TIERS as readonly string[]).includes(tier) ? (tier as Tier) : 'ordinary';
}

/**
 * Breadth-first across tiers, then filled to `hardShare` (SDK `mix_items_by_tier`): one ordinary item, then (n >= 2)
 * the first available of adversarial, boundary, ambiguous; from n >= 8 every tier at least once; then ordinary items
 * until `n - round(n * hardShare)` of them, otherwise round-robin over the hard tiers. Items keep their order within a
 * tier, so a ranked list stays ranked. Returns at most `min(n, items.length)` items, each position taken once.
 * Unknown tiers count as ordinary (also when counting the ordinary target, where the SDK counted raw names).
 */
export function mixItemsByTier<T>(items: readonly T[], n: number, tierOf: (item: T) => string, hardShare: number = HARD_SHARE): T[] {
  const wanted = Math.min(Math.floor(n), items.length);
  if (items.length === 0 || !(wanted > 0)) return [];
  const share = clampShare(hardShare);
  const tiers = items.map((item) => normalizeTier(tierOf(item)));
  const buckets = new Map<Tier, number[]>(TIERS.map((tier) => [tier, []]));
  tiers.forEach((tier, index) => buckets.get(tier)!.push(index));
  const cursors = new Map<Tier, number>(TIERS.map((tier) => [tier, 0]));
  const picked: number[] = [];
  let ordinaryCount = 0;

  const take = (tier: Tier): boolean => {
    const bucket = buckets.get(tier)!;
    const cursor = cursors.get(tier)!;
    if (cursor >= bucket.length) return false;
    picked.push(bucket[cursor]!);
    cursors.set(tier, cursor + 1);
    if (tier === 'ordinary') ordinaryCount++;
    return true;
  };

  take('ordinary');
  if (wanted >= 2) {
    for (const tier of ['adversarial', 'boundary', 'ambiguous'] as const) {
      if (take(tier)) break;
    }
  }
  if (wanted >= TIER_COVER_FROM) {
    const have = new Set(picked.map((index) => tiers[index]));
    for (const tier of TIERS) {
      if (picked.length >= wanted) break;
      if (!have.has(tier)) take(tier);
    }
  }

  const targetOrdinary = wanted - Math.min(wanted, Math.max(0, roundHalfEven(wanted * share)));
  let hardCursor = 0;
  while (picked.length < wanted) {
    if (ordinaryCount < targetOrdinary && take('ordinary')) continue;
    let progressed = false;
    for (let offset = 0; offset < HARD_TIERS.length; offset++) {
      const tier = HARD_TIERS[(hardCursor + offset) % HARD_TIERS.length]!;
      if (take(tier)) {
        hardCursor = (hardCursor + offset + 1) % HARD_TIERS.length;
        progressed = true;
        break;
      }
    }
    if (!progressed && take('ordinary')) progressed = true;
    if (!progressed) break;
  }
  return picked.map((index) => items[index]!);
}
