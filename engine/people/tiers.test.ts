import { describe, expect, it } from 'vitest';
import { HARD_SHARE, mixItemsByTier, roundHalfEven, tierOfStance } from './tiers';

const pool = (prefix: string, tier: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `${prefix}${index + 1}`, tier }));
const items = [...pool('O', 'ordinary', 60), ...pool('A', 'ambiguous', 20), ...pool('B', 'boundary', 20), ...pool('X', 'adversarial', 20)];
const tierOf = (item: { tier: string }) => item.tier;
const ids = (picked: { id: string }[]) => picked.map((item) => item.id);

describe('tiers', () => {
  it('map every grid stance and its aliases onto the four tiers, unknown ones to ordinary', () => {
    expect(tierOfStance('unsure')).toBe('ambiguous');
    expect(tierOfStance('conflicting')).toBe('boundary');
    expect(tierOfStance('policy-push')).toBe('boundary');
    expect(tierOfStance('forbidden')).toBe('adversarial');
    expect(tierOfStance('hurried')).toBe('ordinary');
    expect(tierOfStance('something-new')).toBe('ordinary');
    expect(tierOfStance('toString')).toBe('ordinary');
  });

  it('round halves to even like Python', () => {
    expect([0.5, 1.5, 2.5, 2.4, 2.6].map(roundHalfEven)).toEqual([0, 2, 2, 2, 3]);
  });
});

describe('mixItemsByTier', () => {
  it('takes an ordinary item and a hard one first, covers every tier from 8, then fills to the hard share', () => {
    expect(ids(mixItemsByTier(items, 10, tierOf))).toEqual(['O1', 'X1', 'A1', 'B1', 'O2', 'O3', 'O4', 'O5', 'O6', 'A2']);
    expect(ids(mixItemsByTier(items, 2, tierOf))).toEqual(['O1', 'X1']);
    expect(ids(mixItemsByTier(items, 1, tierOf))).toEqual(['O1']);
  });

  it('realises the requested hard share, round-robin over the hard tiers', () => {
    const picked = mixItemsByTier(items, 100, tierOf);
    const counts = new Map<string, number>();
    for (const item of picked) counts.set(item.tier, (counts.get(item.tier) ?? 0) + 1);
    expect(picked).toHaveLength(100);
    expect(counts.get('ordinary')).toBe(100 * (1 - HARD_SHARE));
    expect([counts.get('ambiguous'), counts.get('boundary'), counts.get('adversarial')].sort()).toEqual([13, 13, 14]);
    const half = mixItemsByTier(items, 20, tierOf, 0.5);
    expect(half.filter((item) => item.tier === 'ordinary')).toHaveLength(10);
  });

  it('runs out gracefully: no hard items left means ordinary ones, n beyond the list means all of it', () => {
    const onlyOrdinary = pool('O', 'ordinary', 5);
    expect(ids(mixItemsByTier(onlyOrdinary, 4, tierOf, 1))).toEqual(['O1', 'O2', 'O3', 'O4']);
    expect(mixItemsByTier(items.slice(0, 3), 10, tierOf)).toHaveLength(3);
    expect(mixItemsByTier([], 5, tierOf)).toEqual([]);
    expect(mixItemsByTier(items, 0, tierOf)).toEqual([]);
  });

  it('counts unknown tiers as ordinary and never picks a position twice', () => {
    const odd = [...pool('U', 'mystery', 6), ...pool('X', 'adversarial', 6)];
    const picked = mixItemsByTier(odd, 10, tierOf);
    expect(ids(picked).slice(0, 2)).toEqual(['U1', 'X1']);
    expect(new Set(ids(picked)).size).toBe(picked.length);
    expect(picked.filter((item) => item.tier === 'mystery')).toHaveLength(6);
  });
});
