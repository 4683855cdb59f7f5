import { describe, expect, it } from 'vitest';
import { RETAIL_TOOLS } from '../../world/__fixtures__/retail-tools';
import { createWorld } from '../../world/create-world';
import { createDemoAgent } from './demo-agent';
import { agentReplies, toolCalls } from './__fixtures__/demo-agent-conduct';
import { playScript } from './__fixtures__/demo-agent-script';

const POLICY = 'You are the support agent of an online shop. Help customers with their orders.';

function play(key: string, lines: string[]) {
  return playScript({
    agent: createDemoAgent({ tools: RETAIL_TOOLS, seed: 7, rate: 0 }),
    world: createWorld({ seed: 7, tools: RETAIL_TOOLS, world_state: 'entity exists', faults: {} }),
    tools: RETAIL_TOOLS,
    systemPrompt: POLICY,
    rolloutKey: key,
    userTurns: lines,
  });
}

describe('demo agent: two asks in one message', () => {
  it('does the ask it can, then asks for what the other lacks, then does that one', async () => {
    const { messages } = await play('7:two-asks', [
      'Two things. Where is my order ORD-1042? Also, I want a refund on order ORD-1042.',
      'Make it $20.',
    ]);
    expect(toolCalls(messages).map((call) => call.name)).toEqual(['get_order', 'issue_refund']);
    expect(toolCalls(messages)[1]!.arguments).toMatchObject({ order_id: 'ORD-1042', amount: 20 });
    const [answer] = agentReplies(messages);
    expect(answer).toContain('ORD-1042');
    expect(answer).toMatch(/amount/);
  });
});
