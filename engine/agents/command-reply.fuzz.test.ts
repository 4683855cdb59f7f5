import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brokenText, CASE_MS, fuzzParameters, mutatedJson, timed } from '../__fixtures__/broken-text';
import { AgentReplyError, parseCommandReply } from './command-reply';

const REPLIES = [
  { content: '', tool_calls: [{ id: 'call_1', name: 'get_order', arguments: { order_id: 'A1001' } }] },
  { content: '', tool_calls: [{ name: 'refund_order', arguments: '{"order_id": "A1001", "reason": "damaged"}' }], finish_reason: 'tool' },
  { content: 'Your order A1001 shipped on Monday.' },
  { error: 'model overloaded' },
];
const SAMPLES = REPLIES.map((reply) => JSON.stringify(reply));

describe('command agent reply lines, fuzzed', () => {
  it('turns any reply line into an agent reply or an AgentReplyError that says what was wrong, quickly', () => {
    const mutated = fc
      .constantFrom(...REPLIES)
      .chain((reply) => mutatedJson(reply))
      .map(({ how, value }) => ({ how, text: JSON.stringify(value) ?? '' }));
    fc.assert(
      fc.property(fc.oneof(brokenText(SAMPLES), mutated), (broken) => {
        const outcome = timed(() => parseCommandReply(broken.text));
        expect(outcome.ms, broken.how).toBeLessThan(CASE_MS);
        if (outcome.error !== undefined) {
          expect(outcome.error, `${broken.how}: ${String(outcome.error)}`).toBeInstanceOf(AgentReplyError);
          expect((outcome.error as Error).message, broken.how).toMatch(/^the agent/);
          return;
        }
        const reply = outcome.value!;
        expect(typeof reply.content, broken.how).toBe('string');
        for (const call of reply.tool_calls) {
          expect(call.name, broken.how).not.toBe('');
          expect(call.arguments !== null && typeof call.arguments === 'object' && !Array.isArray(call.arguments), broken.how).toBe(true);
        }
      }),
      fuzzParameters(),
    );
  });
});
