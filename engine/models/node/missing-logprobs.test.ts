import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/domain';
import { LogprobTally } from '../../agents/logprob-tally';
import { createModelAgent } from '../../agents/model-agent';
import { refundRow } from '../../export/__fixtures__/refund-rows';
import { carryFields } from '../../export/formats/carry';
import { parseModelSpec } from '../model-spec';
import { startLocalModelServer, type LocalModelServer } from './__fixtures__/local-model-server';
import { ModelBackends } from './model-backends';

let server: LocalModelServer;
beforeAll(async () => {
  server = await startLocalModelServer({ no_logprobs_models: ['o4-mini'] });
});
afterAll(async () => server.close());

const agentOn = (model: string) =>
  createModelAgent(
    new ModelBackends({ key: () => 'sk-test-1c5e9a3f7b2d0864', base_urls: { openai: server.openai_base_url }, concurrency: 2 }).get(
      parseModelSpec(`openai:${model}`),
    ),
    { logprobs: true },
  );

const TOOLS = [
  {
    name: 'get_order',
    description: 'Look an order up. Orders on file: ORD-1001.',
    parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
  },
];
const turn = (content: string) => ({
  system_prompt: 'You help customers.',
  tools: TOOLS,
  messages: [{ role: 'user' as const, content }],
  rollout_key: '4:0',
});

describe('honest log-probabilities', () => {
  it('keeps what the model returned on a turn with text', async () => {
    const reply = await agentOn('gpt-4.1-mini').respond(turn('Hello, can you help?'));
    expect(reply.logprob).toBeLessThan(0);
    expect(reply.n_tokens).toBeGreaterThan(0);
  });

  it('says null, never 0, for a turn of tool calls only', async () => {
    const reply = await agentOn('gpt-4.1-mini').respond(turn('Where is ORD-1001?'));
    expect(reply.tool_calls).toHaveLength(1);
    expect(reply).toMatchObject({ logprob: null, n_tokens: null });
  });

  it('says null for each turn of a model that returns none', async () => {
    const reply = await agentOn('o4-mini').respond(turn('Hello, can you help?'));
    expect(reply.content).not.toBe('');
    expect(reply).toMatchObject({ logprob: null, n_tokens: null, sampling: { logprobs: true } });
  });

  it("counts a run's turns with one, warns once about text turns without, and keeps a partial total out of exports", () => {
    const messages = (logprob: number | null): Message[] => [
      { role: 'user', content: 'Where is ORD-1001?' },
      { role: 'assistant', content: '', tool_calls: [{ id: 'c1', name: 'get_order', arguments: {} }], logprob: null, n_tokens: null },
      { role: 'tool', tool_call_id: 'c1', name: 'get_order', content: '{"status":"shipped"}' },
      { role: 'assistant', content: 'It shipped.', logprob, n_tokens: logprob === null ? null : 3 },
    ];
    const measured = new LogprobTally(true);
    measured.add({ ...refundRow(), messages: messages(-1.2) });
    expect(measured.coverage()).toEqual({ asked: true, turns: 2, with_logprobs: 1 });
    expect(measured.warning('openai:gpt-4.1-mini')).toBeUndefined();

    const none = new LogprobTally('tokens');
    for (let index = 0; index < 3; index++) none.add({ ...refundRow(), messages: messages(null) });
    expect(none.coverage()).toEqual({ asked: 'tokens', turns: 6, with_logprobs: 0 });
    expect(none.warning('openai:o4-mini')).toMatch(/^logprobs was asked for, but openai:o4-mini returned none on 3 agent turns with text/);

    const row = { ...refundRow(), messages: messages(-1.2) };
    expect(carryFields({ row, reward: null })).not.toHaveProperty('logprob');
  });
});
