import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameMessage } from './same-message';
import type { SampleMessage } from '../training-samples';

/** A member a message may carry: texts (short ones, so that two are often alike), numbers, objects, undefined. */
const value = fc.oneof(
  fc.constantFrom('', 'a', 'b', '\u2028', '\ud800'),
  fc.integer({ min: 0, max: 2 }),
  fc.constant(undefined),
  fc.constant(null),
  fc.array(fc.record({ id: fc.constantFrom('call_0', 'call_1'), arguments: fc.constantFrom('{}', '{"a":1}') }), { maxLength: 2 }),
);
const message = fc.array(fc.tuple(fc.constantFrom('role', 'content', 'name', 'tool_calls', 'tool_call_id'), value), { maxLength: 5 });
const build = (entries: [string, unknown][]) => Object.fromEntries(entries) as unknown as SampleMessage;

describe('sameMessage', () => {
  it('is JSON.stringify(a) === JSON.stringify(b), whatever the keys, their order and undefined members', () => {
    fc.assert(
      fc.property(message, message, fc.nat(), (a, b, cut) => {
        // Two messages sharing a prefix of members (often the same message) and two unrelated ones.
        const shared = a.slice(0, cut % (a.length + 1)).concat(b);
        for (const [left, right] of [
          [build(a), build(b)],
          [build(a), build(shared)],
          [build(shared), build(shared.map(([key, item]) => [key, Array.isArray(item) ? [...item] : item]))],
        ] as const) {
          expect(sameMessage(left, right)).toBe(JSON.stringify(left) === JSON.stringify(right));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('tells apart what differs only in a call, and not what differs only in an undefined member', () => {
    const call = (args: string) => ({ id: 'call_0', name: 'refund', arguments: { a: args }, raw_arguments: args });
    const a: SampleMessage = { role: 'assistant', content: 'x', tool_calls: [call('1')] };
    expect(sameMessage(a, { role: 'assistant', content: 'x', tool_calls: [call('1')] })).toBe(true);
    expect(sameMessage(a, { role: 'assistant', content: 'x', tool_calls: [call('2')] })).toBe(false);
    const withUndefined = { role: 'user', content: 'x', name: undefined } as unknown as SampleMessage;
    expect(sameMessage(withUndefined, { role: 'user', content: 'x' })).toBe(true);
    expect(sameMessage({ role: 'user', content: 'x' }, { role: 'user', content: 'y' })).toBe(false);
  });
});
