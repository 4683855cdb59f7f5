import { verbAndObject } from '../demo-words';

/**
 * The `reason` a call carries when the person gave none by label: theirs when they said why ("because it arrived
 * damaged"), else a short one in the agent's words from the ask ("customer requested a refund"), never a stray
 * sentence of theirs ("It's the later one: record 71174.").
 */

const STATED = [
  /\breason(?: for it)? (?:is|was|would be|:)\s+(?:that\s+)?([^.!?;"”]{3,100})/i,
  /\b(?:because|since)\s+((?:it|they|I|we|my|the|this|that|he|she|our)\b[^.!?;"”]{3,100})/i,
];
const REQUEST_VERBS = new Set(['issue', 'process', 'request', 'submit', 'start', 'open', 'create', 'file', 'make', 'book', 'add']);

export function statedReason(texts: readonly string[]): string | undefined {
  for (const text of texts) {
    for (const pattern of STATED) {
      const clause = pattern.exec(text)?.[1]?.trim();
      if (clause !== undefined) return clause.replace(/[,\s]+$/, '');
    }
  }
  return undefined;
}

export function askedReason(tool: string): string {
  const { verb, object } = verbAndObject(tool);
  if (REQUEST_VERBS.has(verb)) return `customer requested ${/^[aeiou]/i.test(object) ? 'an' : 'a'} ${object}`;
  return `customer asked to ${verb} the ${object}`;
}
