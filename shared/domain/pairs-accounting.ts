import { z } from 'zod';
import { Dimensions } from './axes';

const count = z.number().int().nonnegative();

/**
 * Where every pair of axis values went when a grid was planned: `pairs_possible` = `pairs_planned` +
 * `pairs_impossible` + `pairs_outside_aim` + `pairs_flipped`. Only planned pairs count in `coverage.pairwise`.
 */
export const PairsAccounting = z.object({
  /** Every value of one axis met with every value of another, over the six axes the spec lists. */
  pairs_possible: count,
  pairs_planned: count,
  /** Pairs no situation can hold. */
  pairs_impossible: count,
  /** The impossible pairs grouped by why, each pair as its two axis values. */
  impossible: z.array(z.object({ reason: z.string(), pairs: z.array(Dimensions.partial()) })),
  /** Pairs an aimed run ("fill this cell") leaves out: they contradict the aim or cannot occur beside it. */
  pairs_outside_aim: count,
  /** Pairs that need a tool fault, left out because every cell carrying them was flipped to success. */
  pairs_flipped: count,
  /** The fault settings the flip followed. */
  fault_rate: z.number().min(0).max(1),
  prefer_success: z.boolean(),
  /** Why the pairs left out are out, one sentence per kind, for a person (empty when every pair is planned). */
  notes: z.array(z.string()),
});
export type PairsAccounting = z.infer<typeof PairsAccounting>;
