import { hashInt } from '../seeded';
import { entityKey } from './references';

/**
 * Which of a kind's ids an entity points to (an order's customer, its lines' products): the `index`-th of the
 * candidates from an offset hashed from the owner's id and the kind, never the seed, so the person who owns the
 * order and every world agree on whose order it is. Undefined past the candidates: the caller draws a fresh id.
 */
export function relatedId(ownerId: string, kind: string, candidates: readonly string[], index = 0): string | undefined {
  if (index >= candidates.length) return undefined;
  const offset = hashInt(`relation:${entityKey(ownerId)}:${kind}`, candidates.length);
  return candidates[(offset + index) % candidates.length];
}
