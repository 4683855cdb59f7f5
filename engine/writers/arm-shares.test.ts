import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WRITER_ARMS } from '../../shared/domain';
import { SeededRandom } from '../seeded';
import { allocateSlots, completeYields, INITIAL_ARM_SHARES, reallocateArmShares } from './arm-shares';

const sum = (shares: Record<string, number>) => Object.values(shares).reduce((total, value) => total + value, 0);

describe('writer arm shares', () => {
  it("start at the SDK's split", () => {
    expect(INITIAL_ARM_SHARES).toEqual({
      structured: 0.42,
      llm_guided: 0.42,
      open_ended: 0.1,
      behavior_targeted: 0.03,
      failure_mutation: 0.03,
    });
  });

  it('move budget towards the arm that found new behaviour, within floors and caps', () => {
    const next = reallocateArmShares(INITIAL_ARM_SHARES, completeYields({ structured: 0, llm_guided: 1, open_ended: 0 }));
    expect(next.llm_guided).toBeGreaterThan(next.structured);
    expect(sum(next)).toBeCloseTo(1, 5);
  });

  it('give arms that did not run the mean observed yield', () => {
    expect(completeYields({ structured: 0.2, open_ended: 0.6 })).toMatchObject({ llm_guided: 0.4, failure_mutation: 0.4 });
    expect(completeYields({})).toEqual({ structured: 0, llm_guided: 0, open_ended: 0, behavior_targeted: 0, failure_mutation: 0 });
  });

  it('always sum to 1 with open_ended in [0.05, 0.10] and rare arms at most 0.08', () => {
    const yields = fc.record(Object.fromEntries(WRITER_ARMS.map((arm) => [arm, fc.double({ min: 0, max: 5, noNaN: true })])) as never);
    fc.assert(
      fc.property(fc.array(yields, { minLength: 1, maxLength: 30 }), (batches) => {
        let shares = { ...INITIAL_ARM_SHARES };
        for (const batch of batches) shares = reallocateArmShares(shares, batch as never);
        expect(sum(shares)).toBeCloseTo(1, 4);
        expect(shares.open_ended).toBeGreaterThanOrEqual(0.05 - 1e-6);
        expect(shares.open_ended).toBeLessThanOrEqual(0.1 + 1e-6);
        expect(shares.behavior_targeted).toBeLessThanOrEqual(0.08 + 1e-6);
        expect(shares.failure_mutation).toBeLessThanOrEqual(0.08 + 1e-6);
        expect(shares.structured).toBeGreaterThanOrEqual(0.15 - 1e-6);
      }),
    );
  });

  it("allocate exactly the batch's slots, rare arms included over many batches", () => {
    const random = new SeededRandom(5);
    let rare = 0;
    for (let batch = 0; batch < 200; batch++) {
      const counts = allocateSlots(INITIAL_ARM_SHARES, 16, random);
      expect(sum(counts)).toBe(16);
      rare += counts.behavior_targeted + counts.failure_mutation;
    }
    expect(rare / (200 * 16)).toBeGreaterThan(0.03);
    expect(rare / (200 * 16)).toBeLessThan(0.09);
  });
});
