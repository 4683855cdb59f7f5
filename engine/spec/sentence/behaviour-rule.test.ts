import { describe, expect, it } from 'vitest';
import { behaviourRule, ruleTopic, statesRule } from './behaviour-rule';
import { chooseBank } from './choose-bank';
import { sentenceParts } from './sentence-parts';

const context = { confirm_object: 'the details with the person' };

describe('sentenceParts', () => {
  it('splits the subject from the clauses after "that"', () => {
    const parts = sentenceParts('an assistant that books meeting rooms and never double-books.');
    expect(parts.subject).toBe('an assistant');
    expect(parts.clauses).toEqual(['books meeting rooms', 'never double-books']);
    expect(parts.behaviours).toEqual(['never double-books']);
    expect(parts.capabilities).toEqual([{ verb: 'book', object: 'meeting rooms', head: 'room' }]);
  });

  it('keeps "and" inside an object, splits it before a new verb', () => {
    expect(sentenceParts('a bot that checks balances and transactions').clauses).toEqual(['checks balances and transactions']);
    expect(sentenceParts('a bot that books rooms and cancels bookings').clauses).toEqual(['books rooms', 'cancels bookings']);
    expect(sentenceParts('a bot that confirms the amount and destination before paying').clauses).toHaveLength(1);
  });

  it('reads a vague object through its topic', () => {
    expect(sentenceParts('a bot that answers questions about our employee handbook').capabilities[0]).toMatchObject({ head: 'handbook' });
    expect(sentenceParts('an agent that helps customers with their orders').capabilities[0]).toMatchObject({ verb: 'help', head: 'order' });
  });

  it('finds the behaviour without a relative pronoun', () => {
    expect(sentenceParts('A finance assistant must confirm transfers over $500').behaviours).toEqual(['must confirm transfers over $500']);
    expect(sentenceParts('never invents an order number').behaviours).toEqual(['never invents an order number']);
  });
});

describe('behaviourRule', () => {
  it('rewrites the docs sentence as the imperative rule', () => {
    expect(behaviourRule('confirms before it moves money', context)).toBe(
      'Confirm the amount and destination with the person before moving money.',
    );
  });

  it('turns third-person verbs into imperatives and keeps the adverbs', () => {
    expect(behaviourRule('never invents an order number', context)).toBe('Never invent an order number.');
    expect(behaviourRule('hands off to a human only when the customer asks twice', context)).toBe(
      'Hand off to a human only when the customer asks twice.',
    );
    expect(behaviourRule('always verifies identity before any account change', context)).toBe(
      'Always verify identity before any account change.',
    );
    expect(behaviourRule('must confirm transfers over $500', context)).toBe('Confirm transfers over $500.');
    expect(behaviourRule("doesn't share card numbers", context)).toBe('Do not share card numbers.');
  });

  it('fills in what a bare confirm or verify is about', () => {
    expect(behaviourRule('confirms before cancelling', { confirm_object: 'the flight and fee with the traveller' })).toBe(
      'Confirm the flight and fee with the traveller before cancelling.',
    );
    expect(behaviourRule('verifies before it resets a password', context)).toBe(
      "Verify the person's identity before resetting a password.",
    );
    expect(behaviourRule('asks before it cancels anything', context)).toBe('Ask for a clear yes before canceling anything.');
  });

  it('rewrites "it" as the agent', () => {
    expect(behaviourRule('says so when it is unsure', context)).toBe('Say so when you are unsure.');
    expect(behaviourRule('never double-books', { ...context, resource: 'meeting room' })).toMatch(
      /^Never double-book a meeting room: check/,
    );
  });

  it('names the topic a behaviour replaces', () => {
    expect(ruleTopic('Confirm the amount and destination with the person before moving money.')).toBe('confirm_action');
    expect(ruleTopic('Never invent an order number.')).toBe('no_invention');
    expect(ruleTopic('Hand off to a human only when the customer asks twice.')).toBe('handoff');
    expect(ruleTopic("Always verify the patient's date of birth before booking.")).toBe('identity');
    expect(ruleTopic('Keep replies short.')).toBeUndefined();
  });
});

describe('chooseBank', () => {
  it('scores keywords once each, plurals folded', () => {
    const choice = chooseBank('a bank assistant for savings and spending, money money money');
    expect(choice.bank?.domain).toBe('personal_finance');
    expect(choice.ranking[0]!.matched).toEqual(['bank', 'money', 'saving', 'spending']);
    expect(choice.ranking[0]!.score).toBe(3 + 3 + 2 + 2);
  });

  it('prefers the distinctive domain over shared words', () => {
    expect(chooseBank('a food delivery agent that refunds orders').bank?.domain).toBe('food_delivery');
    expect(chooseBank('an online store agent that refunds orders').bank?.domain).toBe('retail_orders');
    expect(chooseBank('a mobile carrier agent that explains the bill').bank?.domain).toBe('telecom_support');
  });

  it('chooses nothing below the threshold', () => {
    expect(chooseBank('an assistant that books meeting rooms').bank).toBeUndefined();
    expect(chooseBank('an agent that tracks an order').bank).toBeUndefined();
  });

  it('breaks ties by keyword count, then by bank order', () => {
    const choice = chooseBank('flight money');
    expect(choice.ranking.slice(0, 2).map((score) => [score.bank.domain, score.score])).toEqual([
      ['personal_finance', 3],
      ['airline_travel', 3],
    ]);
    expect(choice.bank?.domain).toBe('personal_finance');
  });
});

describe('statesRule', () => {
  it('finds a rule a longer one already states, negation and plurals included, and nothing looser', () => {
    const bank = 'Never give medical advice or a diagnosis, and tell anyone with urgent symptoms to call 911 or go to the emergency room.';
    expect(statesRule(bank, 'Never give medical advice.')).toBe(true);
    expect(statesRule(bank, 'Do not give medical advice.')).toBe(true);
    expect(statesRule(bank, 'Give medical advice.')).toBe(false);
    expect(statesRule(bank, 'Never give legal advice.')).toBe(false);
    expect(statesRule('Never invent order numbers or dates.', 'Never invent an order number.')).toBe(true);
    expect(statesRule(bank, 'Never.')).toBe(false);
  });
});
