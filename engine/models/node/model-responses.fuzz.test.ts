import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brokenText, CASE_MS, fuzzParameters, mutatedJson, timed } from '../../__fixtures__/broken-text';
import type { GenerateRequest, GenerateResponse } from '../model-backend';
import { ModelCallError } from '../model-call-error';
import { mapAnthropicResponse } from './anthropic/map-anthropic-response';
import { mapOpenAIResponse } from './openai/map-openai-response';

const REQUEST: GenerateRequest = {
  messages: [{ role: 'user', content: 'where is A1001?' }],
  tools: [
    {
      name: 'get_order',
      description: 'Look an order up.',
      parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
    },
  ],
  logprobs: true,
};

const OPENAI = {
  id: 'chatcmpl-1',
  model: 'gpt-4.1-mini',
  choices: [
    {
      index: 0,
      finish_reason: 'tool_calls',
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_order', arguments: '{"order_id": "A1001"}' } }],
      },
      logprobs: {
        content: [
          { token: 'get', logprob: -0.1 },
          { token: '_order', logprob: -0.2 },
        ],
      },
    },
  ],
  usage: { prompt_tokens: 20, completion_tokens: 8 },
};
const ANTHROPIC = {
  id: 'msg_1',
  model: 'claude-sonnet-4-5',
  stop_reason: 'tool_use',
  content: [
    { type: 'text', text: 'Let me look.' },
    { type: 'tool_use', id: 'toolu_1', name: 'get_order', input: { order_id: 'A1001' } },
  ],
  usage: { input_tokens: 20, output_tokens: 8 },
};

const SPECS = { openai: 'openai:gpt-4.1-mini', anthropic: 'anthropic:claude-sonnet-4-5' } as const;
const MAPPERS = { openai: mapOpenAIResponse, anthropic: mapAnthropicResponse } as const;

/**
 * A body as a broken server might send it: mutated, random JSON, or text that is not JSON at all (parsed leniently as
 * the client would).
 */
function bodies(sample: object): fc.Arbitrary<{ how: string; body: unknown }> {
  return fc.oneof(
    mutatedJson(sample).map(({ how, value }) => ({ how, body: value })),
    brokenText([JSON.stringify(sample)]).map(({ how, text }) => {
      try {
        return { how, body: JSON.parse(text) as unknown };
      } catch {
        return { how: `${how} (not JSON: the body as text)`, body: text };
      }
    }),
  );
}

function expectMappedOrNamed(
  provider: keyof typeof MAPPERS,
  outcome: { ms: number; value?: GenerateResponse; error?: unknown },
  how: string,
): void {
  expect(outcome.ms, how).toBeLessThan(CASE_MS);
  if (outcome.error !== undefined) {
    expect(ModelCallError.isInstance(outcome.error), `${how}: ${String(outcome.error)}`).toBe(true);
    const error = outcome.error as ModelCallError;
    expect(error.kind, how).toBe('malformed_response');
    expect(error.message, how).toContain(SPECS[provider]);
    return;
  }
  const response = outcome.value!;
  expect(typeof response.text, how).toBe('string');
  for (const call of response.tool_calls)
    expect(typeof call.arguments === 'object' && call.arguments !== null && !Array.isArray(call.arguments), how).toBe(true);
  expect(Number.isFinite(response.usage.input_tokens) || response.usage.input_tokens === 0, how).toBe(true);
}

describe('model answers, fuzzed', () => {
  for (const provider of ['openai', 'anthropic'] as const) {
    it(`maps any ${provider} body to a response or a malformed_response error naming the model, never another error`, () => {
      fc.assert(
        fc.property(bodies(provider === 'openai' ? OPENAI : ANTHROPIC), ({ how, body }) => {
          expectMappedOrNamed(
            provider,
            timed(() => MAPPERS[provider](SPECS[provider], body, REQUEST)),
            how,
          );
        }),
        fuzzParameters(),
      );
    });
  }
});
