import { describe, expect, it } from 'vitest';
import { RETAIL_TOOLS } from '../../world/__fixtures__/retail-tools';
import { createWorld } from '../../world/create-world';
import { createDemoAgent } from './demo-agent';
import type { ToolStep } from './demo-conversation';
import { doneBefore, doneBeforeReply, tooLate, tooLateReply } from './demo-too-late';
import { Wording } from './demo-wording';
import { agentReplies, toolCalls } from './__fixtures__/demo-agent-conduct';
import { playScript } from './__fixtures__/demo-agent-script';

const lookup = (orderId: string, status: string): ToolStep => ({
  call: { id: 'call_1', name: 'get_order', arguments: { order_id: orderId } },
  result: { status: 'ok', data: { order_id: orderId, status, total_paid: 40 } },
  outcome: 'ok',
  fault: undefined,
});
const cancel = { tool: 'cancel_order', args: { order_id: 'ORD-82336' }, missing: [] };
const readdress = { tool: 'update_shipping_address', args: { order_id: 'ORD-82336', address: '1 Main St' }, missing: [] };

describe('tooLate: no cancelling or re-addressing what has already left', () => {
  it('finds a cancellation or an address change on an order last shown shipped or delivered', () => {
    expect(tooLate(cancel, [lookup('ORD-82336', 'delivered')])).toEqual({ call: cancel, status: 'delivered', reason: 'already_sent' });
    expect(tooLate(readdress, [lookup('ORD-82336', 'in_transit')])?.status).toBe('in_transit');
  });

  it('lets the call through before it ships, for another order, or when nothing was looked up', () => {
    expect(tooLate(cancel, [lookup('ORD-82336', 'processing')])).toBeUndefined();
    expect(tooLate(cancel, [lookup('ORD-10001', 'delivered')])).toBeUndefined();
    expect(tooLate(cancel, [])).toBeUndefined();
    // The latest answer counts: a record shown delivered, then back in processing, may be cancelled.
    expect(tooLate(cancel, [lookup('ORD-82336', 'delivered'), lookup('ORD-82336', 'processing')])).toBeUndefined();
    expect(tooLate({ tool: 'issue_refund', args: { order_id: 'ORD-82336' }, missing: [] }, [lookup('ORD-82336', 'delivered')])).toBe(
      undefined,
    );
  });

  it('says why, and offers a return where the agent can start one', () => {
    const late = tooLate(cancel, [lookup('ORD-82336', 'delivered')])!;
    const reply = tooLateReply(late, RETAIL_TOOLS, new Wording('late:1'), 'too-late');
    expect(reply).toMatch(/order ORD-82336 has already been delivered/i);
    expect(reply).toMatch(/cancel/);
    const withReturns = RETAIL_TOOLS.some((tool) => /return/.test(tool.name));
    expect(/return/.test(reply)).toBe(withReturns);
    const moved = tooLateReply(tooLate(readdress, [lookup('ORD-82336', 'shipped')])!, RETAIL_TOOLS, new Wording('late:2'), 'too-late');
    expect(moved).toMatch(/has already shipped/);
    expect(moved).toMatch(/address/);
  });
});

describe('the demo agent with a confirm-first policy, asked to cancel', () => {
  const POLICY = 'You are the support agent of an online shop. Always confirm with the customer before you refund or cancel anything.';

  it('looks the order up and cancels only what has not shipped', async () => {
    const seen = new Map<string, string[]>();
    for (let index = 0; index < 24; index++) {
      const orderId = `ORD-${10400 + index}`;
      const { messages } = await playScript({
        agent: createDemoAgent({ tools: RETAIL_TOOLS, seed: 7, rate: 0 }),
        world: createWorld({ seed: 7, tools: RETAIL_TOOLS, world_state: 'entity exists', faults: {} }),
        tools: RETAIL_TOOLS,
        systemPrompt: POLICY,
        rolloutKey: `late:${index}`,
        userTurns: [`Please cancel my order ${orderId}.`, 'Yes, go ahead.'],
      });
      const [first] = messages.filter((message) => message.role === 'tool').map((message) => JSON.parse(message.content));
      const status = String(first?.data?.status);
      const cancelled = toolCalls(messages).some((call) => call.name === 'cancel_order');
      const sent = ['shipped', 'in_transit', 'delivered'].includes(status);
      if (sent) expect(agentReplies(messages).join(' ')).toMatch(/cancel/);
      expect(cancelled).toBe(!sent);
      seen.set(sent ? 'sent' : 'not sent', [...(seen.get(sent ? 'sent' : 'not sent') ?? []), orderId]);
    }
    expect(seen.get('sent')?.length).toBeGreaterThan(0);
    expect(seen.get('not sent')?.length).toBeGreaterThan(0);
  });

  it('without a look-up first, tells the person what the world answered', async () => {
    const plain = 'You are the support agent of an online shop. Help customers with their orders.';
    let refused = 0;
    for (let index = 0; index < 24; index++) {
      const { messages } = await playScript({
        agent: createDemoAgent({ tools: RETAIL_TOOLS, seed: 7, rate: 0 }),
        world: createWorld({ seed: 7, tools: RETAIL_TOOLS, world_state: 'entity exists', faults: {} }),
        tools: RETAIL_TOOLS,
        systemPrompt: plain,
        rolloutKey: `late-plain:${index}`,
        userTurns: [`Please cancel my order ORD-${10400 + index}.`],
      });
      const answers = messages.filter((message) => message.role === 'tool').map((message) => JSON.parse(message.content));
      const rejected = answers.find((answer) => answer.reason === 'already_sent');
      if (rejected === undefined) continue;
      refused++;
      const reply = agentReplies(messages).at(-1)!;
      expect(reply).toMatch(/has already (been delivered|shipped)/);
      expect(reply).not.toMatch(/cancelled order|is now marked/i);
    }
    expect(refused).toBeGreaterThan(0);
  });
});

describe('doneBefore: an action the record says was already carried out', () => {
  const noted = (note: string): ToolStep => ({
    ...lookup('ORD-82336', 'completed'),
    result: { status: 'ok', data: { order_id: 'ORD-82336', note } },
  });

  it('reads the note and its date, and says there is nothing left to do', () => {
    const done = doneBefore(cancel, [noted('the requested action was already carried out on 2024-01-28')]);
    expect(done).toEqual({ call: cancel, date: '2024-01-28' });
    expect(doneBeforeReply([done!], new Wording('done:1'), 'done')).toMatch(/already (done|taken care of) on 2024-01-28/);
    expect(doneBefore(readdress, [noted('already done')])).toEqual({ call: readdress, date: null });
  });

  it('leaves a look-up, a note about something else, and a half-done request alone', () => {
    expect(doneBefore({ tool: 'get_order', args: { order_id: 'ORD-82336' }, missing: [] }, [noted('already carried out')])).toBe(undefined);
    expect(doneBefore(cancel, [noted('an earlier request on this record was started on 2024-12-02 but not finished')])).toBeUndefined();
    expect(doneBefore(cancel, [lookup('ORD-82336', 'processing')])).toBeUndefined();
  });

  it('in a world where it was already done, the agent says so instead of asking to confirm and calling', async () => {
    const policy = 'You are the support agent of an online shop. Always confirm with the customer before you refund or cancel anything.';
    const { messages } = await playScript({
      agent: createDemoAgent({ tools: RETAIL_TOOLS, seed: 7, rate: 0 }),
      world: createWorld({ seed: 7, tools: RETAIL_TOOLS, world_state: 'entity already acted on', faults: {}, known_ids: ['ORD-10400'] }),
      tools: RETAIL_TOOLS,
      systemPrompt: policy,
      rolloutKey: 'done:1',
      userTurns: ['Please cancel my order ORD-10400.', 'Yes, go ahead.'],
    });
    expect(toolCalls(messages).map((call) => call.name)).toEqual(['get_order']);
    expect(agentReplies(messages)[0]).toMatch(/already (done|taken care of)/);
  });
});

describe('tooLate: no return before the order has arrived', () => {
  const startReturn = { tool: 'start_return', args: { order_id: 'ORD-82336', sku: 'SKU-1', reason: 'changed_mind' }, missing: [] };

  it('finds a return on an order last shown not yet delivered, and lets one through once it has', () => {
    expect(tooLate(startReturn, [lookup('ORD-82336', 'processing')])).toEqual({
      call: startReturn,
      status: 'processing',
      reason: 'not_delivered',
    });
    expect(tooLate(startReturn, [lookup('ORD-82336', 'delivered')])).toBeUndefined();
    expect(tooLate({ ...startReturn, tool: 'get_return' }, [lookup('ORD-82336', 'processing')])).toBeUndefined();
  });

  it('says the order has not arrived, and offers to cancel it while it has not shipped', () => {
    const early = tooLateReply(tooLate(startReturn, [lookup('ORD-82336', 'processing')])!, RETAIL_TOOLS, new Wording('ny:1'), 'late');
    expect(early).toMatch(/processing/);
    expect(early).toMatch(/cancel it instead/);
    const moving = tooLateReply(tooLate(startReturn, [lookup('ORD-82336', 'in_transit')])!, RETAIL_TOOLS, new Wording('ny:2'), 'late');
    expect(moving).toMatch(/in transit/);
    expect(moving).not.toMatch(/cancel/);
  });
});
