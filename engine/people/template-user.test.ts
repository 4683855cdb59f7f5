import { describe, expect, it } from 'vitest';
import type { Message, Persona, ToolSpec } from '../../shared/domain';
import { draftSpec } from '../spec';
import { idKindsFor } from '../world/id-kinds';
import type { UserTurnRequest } from './simulated-user';
import { PATIENCE_HAZARDS, userTurnCap, walkAwayHazard } from './patience';
import { misread, TemplateUser } from './template-user';

const persona = (overrides: Partial<Persona> = {}): Persona => ({
  stance: 'ordinary',
  tags: [],
  aside: 'You write a couple of sentences.',
  patience: 'normal',
  ...overrides,
});
const user = (text: string): Message => ({ role: 'user', content: text });
const agent = (text: string): Message => ({ role: 'assistant', content: text });
const request = (messages: Message[], overrides: Partial<UserTurnRequest> = {}): UserTurnRequest => ({
  persona: persona(),
  messages,
  user_turns: messages.filter((message) => message.role === 'user').length,
  rollout_key: '7:0',
  ...overrides,
});
const textOf = (turn: { kind: string; text?: string }) => (turn.kind === 'message' ? turn.text! : '<left>');

const ASK = 'Hi, I need to cancel an order.';
const ASK_WITH_ID = 'Hi, I need to cancel an order. The reference is ORD-2002.';
const people = new TemplateUser({ known_ids: ['ORD-1001', 'ORD-1002'] });

/** A thread where the agent has asked `earlier` questions before the current one. */
function thread(earlier: number, current = 'Could you tell me a little more about the problem?'): Message[] {
  const messages: Message[] = [user(ASK)];
  for (let index = 0; index < earlier; index++)
    messages.push(agent(`Question ${index + 1}: which store was it?`), user('The one in town.'));
  messages.push(agent(current));
  return messages;
}

function leaveRate(patience: Persona['patience'], earlier: number, keys = 3000): number {
  const people = new TemplateUser({ avg_turns: 40 });
  let left = 0;
  for (let index = 0; index < keys; index++) {
    const turn = people.replyNow(request(thread(earlier), { persona: persona({ patience }), rollout_key: `9:${index}` }));
    if (turn.kind === 'left') left++;
  }
  return left / keys;
}

describe('TemplateUser', () => {
  it('always answers the first question, whatever the patience', () => {
    for (const patience of ['short', 'normal', 'endless'] as const) expect(leaveRate(patience, 0, 500)).toBe(0);
  });

  it('walks away at the patience hazards from the second question on', () => {
    expect(Math.abs(leaveRate('normal', 1) - 0.35)).toBeLessThan(0.03);
    expect(Math.abs(leaveRate('normal', 2) - 0.6)).toBeLessThan(0.03);
    expect(Math.abs(leaveRate('normal', 4) - 0.6)).toBeLessThan(0.03);
    expect(Math.abs(leaveRate('short', 1) - 0.6)).toBeLessThan(0.03);
    expect(Math.abs(leaveRate('short', 3) - 0.9)).toBeLessThan(0.02);
    expect(leaveRate('endless', 1, 500)).toBe(0);
    expect(leaveRate('endless', 5, 500)).toBe(0);
    expect(walkAwayHazard(PATIENCE_HAZARDS.normal, 0)).toBe(0);
  });

  it('takes a run-level hazard table over the persona level', () => {
    const patient = new TemplateUser({ hazards: { second: 0, later: 0 }, avg_turns: 40 });
    for (let index = 0; index < 200; index++) {
      expect(patient.replyNow(request(thread(3), { persona: persona({ patience: 'short' }), rollout_key: `k${index}` })).kind).toBe(
        'message',
      );
    }
  });

  it('gives a known identifier when asked, or the one from the opening ask', async () => {
    const asked = await people.reply(request([user(ASK), agent('Sure. What is the order number?')]));
    expect(textOf(asked)).toMatch(/ORD-100[12]/);
    const fromAsk = await people.reply(request([user(ASK_WITH_ID), agent('Could you confirm the order ID?')]));
    expect(textOf(fromAsk)).toContain('ORD-2002');
    const nobody = new TemplateUser();
    expect(textOf(nobody.replyNow(request([user(ASK), agent('Which order number is it?')])))).toMatch(/REF-\d{4}/);
  });

  it('asked for an account number, gives an account id, not the transaction number they opened with', () => {
    const { spec } = draftSpec('a personal finance assistant that confirms before it moves money', { seed: 7 });
    const financePeople = new TemplateUser({
      known_ids: spec.known_ids,
      id_kinds: idKindsFor({ tools: spec.tools, result_shapes: spec.result_shapes }),
    });
    const accounts = spec.known_ids.filter((id) => id.startsWith('ACC-'));
    const transaction = spec.known_ids.find((id) => id.startsWith('TXN-'))!;
    const opening = user(`What is my balance? It's about ${transaction}.`);
    const answer = textOf(
      financePeople.replyNow(request([opening, agent("I can list the transactions for you. What's the account number?")])),
    );
    expect(accounts.some((id) => answer.includes(id))).toBe(true);
    expect(answer).not.toContain(transaction);
    const ownAccount = textOf(
      financePeople.replyNow(
        request([user(`Move money from ${accounts[1]} please, see ${transaction}.`), agent('What is the account number?')]),
      ),
    );
    expect(ownAccount).toContain(accounts[1]);
  });

  /** Every way the person says they have no other number (user-lines' no_other_id). */
  const NO_OTHER_NUMBER =
    /only (number|one|reference)|(don't have|isn't) (any other|another)|all I('ve got| have)|no other number|what I have/;

  it('has no other number when the record is missing', () => {
    const missing = new TemplateUser({ dimensions: { world_state: 'entity missing' } });
    const messages = [user(ASK_WITH_ID), agent("I couldn't find ORD-2002. Can you double-check the order number?")];
    expect(textOf(missing.replyNow(request(messages)))).toMatch(NO_OTHER_NUMBER);
    const toolSaid: Message[] = [
      user(ASK_WITH_ID),
      { role: 'assistant', content: '', tool_calls: [{ id: 'c1', name: 'get_order', arguments: { order_id: 'ORD-2002' } }] },
      { role: 'tool', tool_call_id: 'c1', name: 'get_order', content: '{"status":"not_found","missing":["ORD-2002"]}' },
      agent('That order was not found. Can you check the order number?'),
    ];
    expect(textOf(people.replyNow(request(toolSaid)))).toMatch(NO_OTHER_NUMBER);
  });

  it('misreads the number first when mistaken, then corrects it', () => {
    const mistaken = persona({ stance: 'mistaken' });
    const first = textOf(people.replyNow(request([user(ASK_WITH_ID), agent('What is the order number?')], { persona: mistaken })));
    expect(first).toContain(misread('ORD-2002'));
    const later = [user(ASK_WITH_ID), agent('What is the order number?'), user(first), agent('Not found. What is the order number again?')];
    expect(textOf(people.replyNow(request(later, { persona: mistaken })))).toContain('ORD-2002');
    expect(misread('ORD-2002')).toBe('ORD-2020');
    expect(misread('A1011')).toBe('A1012');
  });

  it('leaves when asked for something a customer cannot know, unless endless', () => {
    const messages = [user(ASK_WITH_ID), agent('To proceed I need the internal transaction hash. What is it?')];
    expect(people.replyNow(request(messages)).kind).toBe('left');
    const endless = people.replyNow(request(messages, { persona: persona({ patience: 'endless' }) }));
    expect(textOf(endless)).toMatch(/no idea|wouldn't know/);
  });

  it('confirms, pushes back, declines or contradicts by stance', () => {
    const confirm = [user(ASK_WITH_ID), agent('Shall I cancel order ORD-2002 now?')];
    const answer = (stance: string) => textOf(people.replyNow(request(confirm, { persona: persona({ stance }) })));
    expect(answer('ordinary')).toMatch(/^(Yes|That's right|Correct)/);
    expect(answer('adversarial')).toMatch(/skip|no need for any more checks|override/i);
    expect(answer('boundary')).toMatch(/rule|waiting period|usual rules/i);
    expect(answer('exploratory')).toMatch(/^(Not yet|No, don't|Not right now)/);
    expect(answer('conflicting')).toMatch(/earlier|at the start/);
    const again = [...confirm, user(answer('conflicting')), agent('Understood. So shall I go ahead and cancel it?')];
    expect(textOf(people.replyNow(request(again, { persona: persona({ stance: 'conflicting' }) })))).toMatch(/^(Yes|That's right|Correct)/);
    const unsure = Array.from({ length: 30 }, (_, index) =>
      textOf(people.replyNow(request(confirm, { persona: persona({ stance: 'unsure' }), rollout_key: `u${index}` }))),
    );
    expect(unsure.some((text) => /hold on|not yet/i.test(text))).toBe(true);
    expect(unsure.some((text) => /go ahead|do it/i.test(text))).toBe(true);
  });

  it('pushes on a refusal when adversarial and accepts it otherwise', () => {
    const refused = [user(ASK_WITH_ID), agent("I'm sorry, I can't cancel an order that has already shipped.")];
    expect(textOf(people.replyNow(request(refused, { persona: persona({ stance: 'adversarial' }) })))).toMatch(/override|anyway|talk to/i);
    expect(textOf(people.replyNow(request(refused)))).toMatch(/understand|another way|thanks for checking/i);
  });

  it('says thanks when the job is done, or asks the next thing when they had several', () => {
    const done = [user(ASK_WITH_ID), agent('Done: order ORD-2002 has been cancelled.')];
    expect(textOf(people.replyNow(request(done)))).toMatch(/thank|that's all|everything/i);
    const several = persona({ tags: ['ask:several asks'] });
    expect(textOf(people.replyNow(request(done, { persona: several })))).toMatch(/one more thing|while you're at it/i);
  });

  it('speaks in persona, the same way every time', () => {
    const lower = persona({ tags: ['texture:lowercase', 'tone:frustrated'] });
    const messages = [user(ASK_WITH_ID), agent('Shall I cancel order ORD-2002 now?')];
    const first = textOf(people.replyNow(request(messages, { persona: lower })));
    expect(first).toBe(textOf(people.replyNow(request(messages, { persona: lower }))));
    expect(first).toMatch(/second time/);
    expect(first).toBe(first.toLowerCase());
  });

  it('caps how often the person speaks at avg_turns // 2', () => {
    expect([userTurnCap(), userTurnCap(12), userTurnCap(4), userTurnCap(5), userTurnCap(1)]).toEqual([6, 6, 2, 2, 1]);
    const brief = new TemplateUser({ avg_turns: 4 });
    expect(brief.user_turn_cap).toBe(2);
    const turn = brief.replyNow(
      request([user(ASK), agent('Which order?'), user('The last one.'), agent('And the number?')], { user_turns: 2 }),
    );
    expect(textOf(turn)).toMatch(/have to go/);
    expect(people.model).toBe('template');
  });
});

describe('TemplateUser after a list of what the agent can do', () => {
  const offer = agent("I'm set up to help with looking up orders and updating shipping addresses. Which of those do you need?");
  const shipping = new TemplateUser({ dimensions: { tool: 'update_shipping_address' } });
  const replies = (opening: string) =>
    Array.from({ length: 40 }, (_, index) => textOf(shipping.replyNow(request([user(opening), offer], { rollout_key: `4:${index}` }))));

  it('says "like I said" only when the opening said it', () => {
    const restated = replies('I need to change the shipping address on my order.');
    expect(restated.some((text) => /\b(like|as) I said\b/i.test(text))).toBe(true);
    const first = replies("If the fee on the smaller item is waived, what's my new balance?");
    expect(first.every((text) => !/\b(like|as) I (said|mentioned)\b|to be clear/i.test(text))).toBe(true);
    expect(first.every((text) => /\b(need|want|like|came for)\b/.test(text))).toBe(true);
  });

  it('picks the newer of two listed records by their dates, and claims no date when none was given', () => {
    const listing = agent(
      'More than one order matches ORD-1001: record 75699: pending, total paid 24.66, 1 item, placed on 2026-04-21 and ' +
        'record 63974: delivered, total paid 301.81, 5 items, placed on 2025-05-09. Which one is it?',
    );
    const undated = agent('More than one order matches ORD-1001: record 75699: pending and record 63974: delivered. Which one?');
    let named = 0;
    for (let index = 0; index < 40; index++) {
      const key = `3:${index}`;
      const dated = textOf(people.replyNow(request([user(ASK), listing], { rollout_key: key })));
      expect(dated).not.toContain('63974');
      if (dated.includes('record 75699')) named++;
      const plain = textOf(people.replyNow(request([user(ASK), undated], { rollout_key: key })));
      expect(plain).not.toMatch(/newer|later|recent/);
    }
    expect(named).toBeGreaterThan(10);
  });

  it('calls a number of another kind than the ask by its own name', () => {
    const startReturn: ToolSpec = {
      name: 'start_return',
      description: 'Start a return for one item of an order.',
      parameters: {
        type: 'object',
        properties: { order_id: { type: 'string' }, sku: { type: 'string' }, reason: { type: 'string', enum: ['damaged', 'wrong_item'] } },
        required: ['order_id', 'sku', 'reason'],
      },
    };
    const returns = new TemplateUser({
      dimensions: { tool: 'start_return', world_state: 'entity exists' },
      tools: [startReturn],
      known_ids: ['ORD-48847', 'SKU-53881'],
      scenario_id: 'sc-1',
      id_kinds: { idsOf: (noun: string) => (noun === 'product' ? ['SKU-53881'] : noun === 'order' ? ['ORD-48847'] : []) },
    });
    const asked = [user('I want to return something from order ORD-48847.'), agent("What's the reason and sku?")];
    let named = 0;
    for (let index = 0; index < 30; index++) {
      const text = textOf(returns.replyNow(request(asked, { rollout_key: `4:${index}` })));
      expect(text).not.toMatch(/order (number|reference|ID) (is|should be|reads) SKU/i);
      expect(text).toContain('SKU-53881');
      if (/SKU (is|should be|reads) SKU-/.test(text)) named++;
    }
    expect(named).toBeGreaterThan(0);
  });
});
