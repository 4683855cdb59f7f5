import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brokenText, CASE_MS, fuzzParameters, timed } from '../__fixtures__/broken-text';
import type { ModelTool } from './model-backend';
import { parseToolCalls, type RawToolCall } from './tool-arguments';

const TOOLS: ModelTool[] = [
  {
    name: 'get_order',
    description: 'Look an order up.',
    parameters: { type: 'object', properties: { order_id: { type: 'string', pattern: '^A\\d+$' } }, required: ['order_id'] },
  },
  {
    name: 'refund_order',
    description: 'Refund.',
    parameters: {
      type: 'object',
      properties: { order_id: { type: 'string' }, amount: { type: 'number', minimum: 0 } },
      required: ['order_id'],
      additionalProperties: false,
    },
  },
];
const ARGUMENTS = ['{"order_id": "A1001"}', '{"order_id": "A1001", "amount": 12.5}', '{}', ''];

/** A call as a model might send it: OpenAI's JSON text (often broken), or Anthropic's value (any JSON). */
const rawCall = fc.record({
  id: fc.oneof(fc.constant('call_1'), fc.string({ maxLength: 12 })),
  name: fc.oneof(fc.constantFrom('get_order', 'refund_order'), fc.string({ maxLength: 12 })),
  arguments: fc.oneof(
    brokenText(ARGUMENTS).map((broken) => broken.text),
    fc.jsonValue({ maxDepth: 3 }),
  ),
});

/** Tools with schemas a careless spec could carry: random JSON where the schema belongs. */
const tools = fc.oneof(
  fc.constant(TOOLS),
  fc.array(
    fc.record({
      name: fc.constantFrom('get_order', 'refund_order', 'x'),
      description: fc.string({ maxLength: 10 }),
      parameters: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
    }),
    { maxLength: 3 },
  ),
);

describe('tool-call arguments from a model, fuzzed', () => {
  it('accounts for every call, as a call or a problem naming it, and never throws', () => {
    fc.assert(
      fc.property(fc.array(rawCall, { maxLength: 5 }), tools, (raw: RawToolCall[], schemaTools) => {
        const outcome = timed(() => parseToolCalls(raw, schemaTools));
        expect(outcome.error, String(outcome.error)).toBeUndefined();
        expect(outcome.ms).toBeLessThan(CASE_MS);
        const { tool_calls: calls, problems } = outcome.value!;
        const dropped = problems.filter((problem) => problem.kind === 'malformed_json' || problem.kind === 'not_an_object');
        expect(calls.length + dropped.length).toBe(raw.length);
        for (const call of calls)
          expect(call.arguments !== null && typeof call.arguments === 'object' && !Array.isArray(call.arguments)).toBe(true);
        for (const problem of problems) {
          expect(raw.some((call) => call.id === problem.id && call.name === problem.name)).toBe(true);
          expect(problem.message.trim()).not.toBe('');
          expect(problem.raw.length).toBeLessThanOrEqual(501);
        }
      }),
      fuzzParameters(),
    );
  });
});
