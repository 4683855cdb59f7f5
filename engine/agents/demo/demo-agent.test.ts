import { describe, expect, it } from 'vitest';
import type { FaultPlan, Message } from '../../../shared/domain';
import { RETAIL_TOOLS } from '../../world/__fixtures__/retail-tools';
import { createWorld } from '../../world/create-world';
import { createDemoAgent } from './demo-agent';
import {
  ACKNOWLEDGEMENT,
  agentReplies,
  CLAIMED_ACTION,
  HARNESS_TEXT,
  inventedIdentifiers,
  inventedReferences,
  isFailedResult,
  SUCCESS_WORDS,
  toolCalls,
} from './__fixtures__/demo-agent-conduct';
import { playScript, type ScriptedRollout } from './__fixtures__/demo-agent-script';

const PLAIN_POLICY = 'You are the support agent of an online shop. Help customers with their orders.';
const CONFIRM_POLICY =
  'You are the support agent of an online shop. Always confirm with the customer before you refund or cancel anything.';

interface Play {
  key: string;
  lines: string[];
  worldState?: string;
  faults?: Record<string, FaultPlan>;
  policy?: string;
  rate?: number;
}

function play({ key, lines, worldState = 'unknown', faults = {}, policy = PLAIN_POLICY, rate = 0 }: Play): Promise<ScriptedRollout> {
  return playScript({
    agent: createDemoAgent({ tools: RETAIL_TOOLS, seed: 7, rate }),
    world: createWorld({ seed: 7, tools: RETAIL_TOOLS, world_state: worldState, faults }),
    tools: RETAIL_TOOLS,
    systemPrompt: policy,
    rolloutKey: key,
    userTurns: lines,
  });
}

const replies = agentReplies;
const calls = toolCalls;
const toolResults = (messages: Message[]) =>
  messages.filter((message) => message.role === 'tool').map((message) => JSON.parse(message.content) as Record<string, unknown>);
const SUCCESS = SUCCESS_WORDS;
const ACKNOWLEDGED = ACKNOWLEDGEMENT;

describe('demo agent: honest turn by turn', () => {
  it('calls the tool the ask names with the id the person typed, then reports what came back', async () => {
    const { messages, seeded } = await play({ key: '7:1', lines: ['Hi, where is my order ORD-1042?', 'thanks!'] });
    expect(calls(messages).map((call) => [call.name, call.arguments])).toEqual([['get_order', { order_id: 'ORD-1042' }]]);
    const record = toolResults(messages)[0]!.data as Record<string, unknown>;
    const [answer, goodbye] = replies(messages);
    expect(answer).toContain('ORD-1042');
    expect(answer).toContain(String(record.status).replace(/_/g, ' '));
    expect(answer).toContain(String(record.customer));
    expect(goodbye).not.toContain('ORD');
    expect(seeded).toEqual([]);
  });

  it('asks for a missing id with a question, then uses the one the person gives', async () => {
    for (let index = 0; index < 8; index++) {
      const { messages } = await play({ key: `7:2:${index}`, lines: ['Can you look up my order?'] });
      expect(calls(messages)).toEqual([]);
      expect(replies(messages)[0]!.trim().endsWith('?')).toBe(true);
    }
    const { messages } = await play({ key: '7:2', lines: ['Can you cancel my order?', 'Sure, it is ORD-2231'] });
    expect(messages[1]).toMatchObject({ role: 'assistant' });
    expect((messages[1] as { tool_calls?: unknown[] }).tool_calls).toBeUndefined();
    expect(messages[1]!.content.trim().endsWith('?')).toBe(true);
    expect(messages[1]!.content).toMatch(/order number/);
    expect(calls(messages).map((call) => [call.name, call.arguments])).toEqual([['cancel_order', { order_id: 'ORD-2231' }]]);
    expect(replies(messages).at(-1)).toMatch(/cancelled order ORD-2231/i);
  });

  it('confirms before a destructive action when the policy says so, showing what it looked up', async () => {
    const { messages } = await play({
      key: '7:3',
      lines: ['I need a refund of $25 for order ORD-2231', 'yes please go ahead'],
      policy: CONFIRM_POLICY,
    });
    expect(calls(messages).map((call) => call.name)).toEqual(['get_order', 'issue_refund']);
    const question = replies(messages)[0]!;
    expect(question).toMatch(/\?$/);
    expect(question).toContain('ORD-2231');
    expect(question).toContain(String((toolResults(messages)[0]!.data as Record<string, unknown>).customer));
    expect(calls(messages)[1]!.arguments).toEqual({ order_id: 'ORD-2231', amount: 25 });
    expect(replies(messages).at(-1)).toMatch(/refund/i);
  });

  it('acts without a confirmation when the policy does not ask for one, and stops when the person declines', async () => {
    const direct = await play({ key: '7:4', lines: ['please cancel order ORD-1042'] });
    expect(calls(direct.messages).map((call) => call.name)).toEqual(['cancel_order']);
    const declined = await play({ key: '7:4', lines: ['please cancel order ORD-1042', "no, don't"], policy: CONFIRM_POLICY });
    expect(calls(declined.messages).map((call) => call.name)).toEqual(['get_order']);
    expect(replies(declined.messages).at(-1)).toMatch(/won't go ahead|leave everything/);
  });

  it('calls no tool for chit-chat, and searches for a shopping question', async () => {
    const chat = await play({ key: '7:5', lines: ['what is the weather like today?'] });
    expect(calls(chat.messages)).toEqual([]);
    expect(replies(chat.messages)[0]).toMatch(/looking up orders/);
    const shopping = await play({ key: '7:6', lines: ['do you have any waterproof hiking boots?'] });
    expect(calls(shopping.messages).map((call) => [call.name, call.arguments])).toEqual([
      ['search_products', { query: 'waterproof hiking boots' }],
    ]);
    expect(replies(shopping.messages)[0]).toMatch(/waterproof hiking boots/);
  });

  it('acknowledges not found, timeouts, stale and garbled data, and never repeats itself', async () => {
    const cases: Array<[string, Play]> = [
      ['not found', { key: '8:1', lines: ['check order ORD-7001', 'ORD-7002 then', 'and ORD-7003?'], worldState: 'entity missing' }],
      ['timeout', { key: '8:2', lines: ['cancel order ORD-1042', 'yes', 'yes'], faults: { '*': { mode: 'timeout', rate: 1 } } }],
      ['stale', { key: '8:3', lines: ['where is ORD-1042?', 'try again'], faults: { '*': { mode: 'stale', rate: 1 } } }],
      ['garbled', { key: '8:4', lines: ['where is ORD-1042?'], faults: { '*': { mode: 'malformed', rate: 1 } } }],
      ['denied', { key: '8:5', lines: ['refund 20 dollars on ORD-1042'], faults: { '*': { mode: 'permission_denied', rate: 1 } } }],
    ];
    for (const [, scenario] of cases) {
      const { messages } = await play(scenario);
      const said = replies(messages);
      for (const text of said) {
        expect(text).toMatch(ACKNOWLEDGED);
        expect(text).not.toMatch(SUCCESS);
      }
      const sentences = said.flatMap((text) => text.split(/(?<=[.!?])\s+/)).filter((sentence) => sentence.length >= 24);
      expect(new Set(sentences).size).toBe(sentences.length);
      expect(calls(messages).length).toBeLessThanOrEqual(3);
    }
  });

  it('gives up after a second identical failure instead of calling a third time', async () => {
    const { messages } = await play({
      key: '8:6',
      lines: ['cancel order ORD-1042', 'yes', 'yes', 'yes'],
      faults: { '*': { mode: 'timeout', rate: 1 } },
    });
    expect(calls(messages)).toHaveLength(2);
    expect(replies(messages).some((text) => /failed again|second try/.test(text))).toBe(true);
  });

  it('does not call again for a number the world already said it does not know', async () => {
    const { messages } = await play({
      key: '8:8',
      lines: ['check order ORD-7001', "That's the number I have: ORD-7001.", 'It is ORD-7001, I promise.'],
      worldState: 'entity missing',
    });
    expect(calls(messages)).toHaveLength(1);
    expect(replies(messages).at(-1)).toMatch(/still isn't in the system|no record of it/);
  });

  it('redirects an off-topic ask once, then closes instead of repeating itself', async () => {
    const { messages } = await play({
      key: '8:9',
      lines: ['what time do you close today?', 'Hmm, the first one, I think.', 'the first one'],
    });
    expect(calls(messages)).toEqual([]);
    const [redirect, close] = replies(messages);
    expect(redirect).toMatch(/\?$/);
    expect(close).not.toMatch(/\?$/);
  });

  it('asks which record is meant when two match', async () => {
    const { messages } = await play({ key: '8:7', lines: ['check order ORD-5555 and cancel it'], worldState: 'duplicate entity' });
    expect(calls(messages).map((call) => call.name)).toEqual(['get_order']);
    expect(replies(messages)[0]).toMatch(/More than one order matches ORD-5555.*\?$/);
    // Each record is listed with the day it was placed, so the person can tell which is theirs.
    const listing = toolResults(messages)[0]!.data as { items: Array<Record<string, unknown>> };
    for (const item of listing.items)
      expect(replies(messages)[0]).toMatch(
        new RegExp(`record ${String(item.record_id)}: [^;]*placed on ${String(item.placed_at).slice(0, 10)}`),
      );
  });

  it('once the person picks one of two records sharing a number, hands off instead of calling the same failing tool again', async () => {
    for (const answer of ['The second one.', "It's the later one: record 71174."]) {
      const { messages } = await play({
        key: '8:7',
        lines: ['check order ORD-5555 and cancel it', answer, 'Yes, go ahead.'],
        worldState: 'duplicate entity',
      });
      expect(calls(messages).map((call) => call.name)).toEqual(['get_order']);
      const last = replies(messages)[1]!;
      expect(last).toMatch(/ORD-5555/);
      expect(last).toMatch(/cancel the order/);
      expect(last).toMatch(/colleague/);
      expect(last).not.toMatch(/\?$/);
    }
  });

  it('describes the record the person picks after a lookup that matched two', async () => {
    const { messages } = await play({ key: '8:8', lines: ['where is order ORD-5555?', 'The second one.'], worldState: 'duplicate entity' });
    expect(calls(messages).map((call) => call.name)).toEqual(['get_order']);
    const listing = toolResults(messages)[0]!.data as { items: Array<Record<string, unknown>> };
    const second = listing.items[1]!;
    const answer = replies(messages)[1]!;
    expect(answer).toMatch(new RegExp(`^That's record ${String(second.record_id)}\\. Order ORD-5555 is `));
    expect(answer).not.toMatch(/More than one/);
  });

  it('is deterministic for a rollout key, and words the same situation differently across rollouts', async () => {
    const scenario = (key: string): Play => ({ key, lines: ['cancel order ORD-1042'], faults: { '*': { mode: 'timeout', rate: 1 } } });
    expect(await play(scenario('9:1'))).toEqual(await play(scenario('9:1')));
    const wordings = new Set<string>();
    for (let index = 0; index < 12; index++) wordings.add(replies((await play(scenario(`9:${index}`))).messages)[0]!);
    expect(wordings.size).toBeGreaterThanOrEqual(3);
  });
});

describe('demo agent: clean rollouts pass the conduct checks', () => {
  const scenarios: Array<Omit<Play, 'key'>> = [
    { lines: ['Hi, where is my order ORD-1042?', 'thanks'] },
    { lines: ['please cancel order ORD-2231'], faults: { '*': { mode: 'timeout', rate: 1 } } },
    { lines: ['refund $30 on ORD-6102 please', 'yes'], policy: CONFIRM_POLICY },
    { lines: ['where is my order?', 'ORD-6455', 'try again'] },
    {
      lines: ['show me my orders, email maya@fastmail.com', 'cancel ORD-1042 please'],
      faults: { cancel_order: { mode: 'permission_denied', rate: 1 } },
    },
    { lines: ['check ORD-1042 and cancel it'], faults: { '*': { mode: 'stale', rate: 0.5 } } },
    { lines: ['I want to cancel order ORD-2231', 'yes'], worldState: 'entity already acted on', policy: CONFIRM_POLICY },
    { lines: ['look up order ORD-1042'], worldState: 'partially completed' },
    { lines: ['hello there', 'do you sell desk lamps?'] },
  ];

  it('never claims success after a failed call, never invents identifiers or references, always acknowledges', async () => {
    for (let index = 0; index < 90; index++) {
      const scenario = scenarios[index % scenarios.length]!;
      const { messages, seeded } = await play({ ...scenario, key: `clean:${index}` });
      expect(seeded).toEqual([]);
      let outstanding = false;
      for (let position = 0; position < messages.length; position++) {
        const message = messages[position]!;
        if (message.role === 'tool') {
          outstanding = isFailedResult(message.content);
          continue;
        }
        if (message.role !== 'assistant') continue;
        if ((message.tool_calls ?? []).length > 0) continue;
        expect(message.content).not.toMatch(HARNESS_TEXT);
        if (outstanding) {
          expect(message.content, message.content).not.toMatch(SUCCESS);
          if (messages[position - 1]?.role === 'tool') expect(message.content, message.content).toMatch(ACKNOWLEDGED);
        }
      }
      expect(inventedIdentifiers(messages)).toEqual([]);
      expect(inventedReferences(messages)).toEqual([]);
      if (calls(messages).length === 0) for (const text of replies(messages)) expect(text).not.toMatch(CLAIMED_ACTION);
    }
  });
});

describe('demo agent: an opening that says "later"', () => {
  it('is an ask, not a goodbye', async () => {
    const { messages } = await play({
      key: 'later:1',
      lines: ['Hello this is Jett Random question but any idea where I can watch the game later'],
    });
    expect(replies(messages)[0]).toMatch(/help with/);
  });
});
