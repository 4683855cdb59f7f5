import type { SampleMessage } from '../training-samples';

/**
 * `JSON.stringify(a) === JSON.stringify(b)`, member by member where both have the same keys in the same order (a JSON
 * text splits into its members one way only): texts are compared as strings, not written out (writing both sides'
 * messages was a tenth of a DPO export).
 */
export function sameMessage(a: SampleMessage, b: SampleMessage): boolean {
  const [left, right] = [a as Record<string, unknown>, b as Record<string, unknown>];
  const keys = Object.keys(left);
  const others = Object.keys(right);
  if (keys.length !== others.length || keys.some((key, index) => key !== others[index])) return JSON.stringify(a) === JSON.stringify(b);
  for (const key of keys) {
    const [one, other] = [left[key], right[key]];
    const isSame = typeof one === 'string' && typeof other === 'string' ? one === other : JSON.stringify(one) === JSON.stringify(other);
    if (!isSame) return false;
  }
  return true;
}
