import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../../shared/domain';
import { createWorld } from '../../world/create-world';
import { createDemoAgent } from './demo-agent';
import { matchAsk } from './demo-intent';
import { agentReplies, toolCalls } from './__fixtures__/demo-agent-conduct';
import { playScript } from './__fixtures__/demo-agent-script';

/** The refund desk's tools (resources/examples/refund-desk.spec.yaml), reduced to what the agent reads of them. */
const tool = (name: string, required: string[]): ToolSpec =>
  ({
    name,
    description: `${name}. Orders on file: ORD-95347, ORD-82336, ORD-48847. Products on file: SKU-16542, SKU-53881.`,
    parameters: {
      type: 'object',
      properties: Object.fromEntries(required.map((key) => [key, { type: key === 'amount' ? 'number' : 'string' }])),
      required,
    },
  }) as ToolSpec;
const DESK = [
  tool('get_order', ['order_id']),
  tool('track_shipment', ['order_id']),
  tool('start_return', ['order_id', 'sku', 'reason']),
  tool('issue_refund', ['order_id', 'amount', 'reason']),
  tool('cancel_order', ['order_id', 'reason']),
  tool('update_shipping_address', ['order_id', 'address']),
];
const CONFIRM_FIRST = 'You are the assistant of an online store. Refund only after the customer confirms the order.';

const names = (ask: string) => matchAsk(DESK, ask, [ask]).map((found) => found.name);

async function play(key: string, worldState: string, lines: string[], systemPrompt = CONFIRM_FIRST, tools = DESK) {
  return playScript({
    agent: createDemoAgent({ tools, seed: 3, rate: 0 }),
    world: createWorld({ seed: 3, tools, world_state: worldState, faults: {} }),
    tools,
    systemPrompt,
    rolloutKey: key,
    userTurns: lines,
  });
}

describe('the ask the person makes is the one acted on', () => {
  it('hears "get me my money back" as a refund, not as "get the order"', () => {
    for (const ask of [
      'Would you get me my money back for my parcel ORD-95347 today, please just get my money back now',
      'Brief ask: get me my money back for my order from Tuesday (ORD-82336) before I fly out?',
      'Can you get me a refund for ORD-48847?',
    ])
      expect(names(ask)).toEqual(['issue_refund']);
    // "get" with the order as its object is still a look-up.
    expect(names('Can you get me the details of my order ORD-95347?')).toEqual(['get_order']);
  });

  it('keeps the action asked for when a look-up word comes first ("not what I ordered", "Look, ...")', () => {
    expect(names('It was not what I ordered. Could somebody sort out a refund for order # ORD-48847?')).toContain('issue_refund');
    const three =
      "I'd like to send part of order ORD-48847 back for a refund. Second, mind if I ask you to cancel the order " +
      "for my flatmate's birthday ORD-48847 promptly? Look, I'm done with forms.";
    expect(new Set(names(three))).toEqual(new Set(['start_return', 'issue_refund', 'cancel_order']));
  });

  it('reads "send it to my new address" as an address change', () => {
    expect(names("I'm moving, can you send order ORD-82336 to my new address instead, please?")).toEqual(['update_shipping_address']);
  });

  it('asks for what a "money back" refund lacks, as for a "refund" worded ask', async () => {
    const { messages } = await play('every-ask:money', 'entity exists', [
      'Would you get me my money back for my parcel ORD-95347 today, please just get my money back now',
    ]);
    expect(agentReplies(messages).join(' ')).toMatch(/refund/);
  });
});

describe('every ask gets its own answer', () => {
  it('names each action a record shows was already done, not one vague "this"', async () => {
    const { messages } = await play('every-ask:done', 'entity already acted on', [
      'Two things. Please cancel order ORD-48847. Also, I want a refund on order ORD-48847.',
    ]);
    expect(toolCalls(messages).map((call) => call.name)).toEqual(['get_order']);
    const [reply] = agentReplies(messages);
    expect(reply).toMatch(/already/);
    expect(reply).toMatch(/cancel/);
    expect(reply).toMatch(/refund/);
    // The refund is not asked about as if it were still to do.
    expect(reply).not.toMatch(/amount/);
  });

  it('says once that it cannot do a second ask no tool serves', async () => {
    const { messages } = await play('every-ask:phone', 'entity exists', [
      "Could somebody tell me what was in the order ORD-95347? Also, would you update my phone number while you're at it?",
      'Thanks, and what about order ORD-82336?',
    ]);
    const replies = agentReplies(messages);
    expect(replies[0]).toMatch(/your phone number/);
    expect(replies[0]).toMatch(/ORD-95347/);
    expect(replies.filter((reply) => /phone number/.test(reply))).toHaveLength(1);
    // A second ask a tool does serve is done, not apologised for.
    const both = await play('every-ask:served', 'entity exists', ['Where is my order ORD-95347? Also, could you track it too?']);
    expect(agentReplies(both.messages).join(' ')).not.toMatch(/other request/);
  });

  it('still asks for what a later step lacks after a step it had no permission for', async () => {
    const world = createWorld({
      seed: 3,
      tools: DESK,
      world_state: 'entity exists',
      faults: { cancel_order: { mode: 'permission_denied', rate: 1 } },
    });
    const { messages } = await playScript({
      agent: createDemoAgent({ tools: DESK, seed: 3, rate: 0 }),
      world,
      tools: DESK,
      systemPrompt: 'You are the assistant of an online store.',
      rolloutKey: 'every-ask:denied',
      userTurns: ['Two requests: cancel order ORD-82336. After that, I want a refund on order ORD-82336.'],
    });
    const last = agentReplies(messages).at(-1)!;
    expect(last).toMatch(/permission/);
    expect(last).toMatch(/amount/);
  });
});

describe('what a read-only answer says about an earlier request', () => {
  it('says what the record shows instead of relaying "the requested action" to someone who only asked to see it', async () => {
    const { messages } = await play('every-ask:note', 'entity already acted on', ['Can you send me the details of order ORD-48847?']);
    const [reply] = agentReplies(messages);
    expect(reply).toMatch(/ORD-48847/);
    expect(reply).not.toMatch(/requested action/);
    expect(reply).toMatch(/earlier request on it was already carried out/);
    const partial = await play('every-ask:partial', 'partially completed', ['Can you send me the details of order ORD-48847?']);
    expect(agentReplies(partial.messages)[0]).toMatch(/Its record shows an earlier request on it was started on [\d-]+ but not finished\./);
  });
});

describe('which of two records the person means', () => {
  it('reads "the more recnet one" as the more recent one', async () => {
    const { messages } = await play('every-ask:recent', 'duplicate entity', ["What's in order ORD-82336?", 'The more recnet one.']);
    const listing = messages.find((message) => message.role === 'tool')!.content;
    const records = (JSON.parse(listing).data.items as { record_id: number; placed_at: string }[]).sort((left, right) =>
      left.placed_at.localeCompare(right.placed_at),
    );
    expect(agentReplies(messages).at(-1)).toContain(`record ${records[1]!.record_id}`);
  });

  it('does not retry a return on one of two records sharing the number, and says why', async () => {
    const { messages } = await play('every-ask:return', 'duplicate entity', [
      'Please arrange a return of SKU-16542 from my order ORD-82336, it arrived damaged.',
      'The more recent one.',
    ]);
    // The one attempt the world refused as ambiguous; nothing is started on a record guessed after it.
    expect(toolCalls(messages).map((call) => call.name)).toEqual(['start_return']);
    expect(agentReplies(messages).at(-1)).toMatch(/start the return/);
  });

  it('names the shared order number, not the new address, when an address change cannot tell the two apart', async () => {
    // The spec lists the address first (its parameters in name order): the call's first argument is not the number.
    const desk = DESK.map((spec) => (spec.name === 'update_shipping_address' ? tool(spec.name, ['address', 'order_id']) : spec));
    const lines = [
      'Please update the shipping address on order ORD-48847.',
      'My address is 7970 Montana Junctions, New Edd, MN 53316.',
      'No idea. Which one looks right to you?',
    ];
    const { messages } = await play('every-ask:address', 'duplicate entity', lines, CONFIRM_FIRST, desk);
    expect(toolCalls(messages).map((call) => call.name)).toContain('update_shipping_address');
    const last = agentReplies(messages).at(-1)!;
    expect(last).toMatch(/update the shipping address/);
    expect(last).toContain('ORD-48847');
    expect(last).not.toContain('Montana');
  });
});
