import { describe, expect, it } from 'vitest';
import { draftSpec } from '../../spec';
import { idKindsFor } from '../../world/id-kinds';
import { dateIn, idTokens, labelledValue, planCall } from './arguments/demo-arguments';

// What the demo agent reads back of the details a person gives: dates in words, limits in dollars, named values.
const { spec } = draftSpec('a personal finance assistant that confirms before it moves money', { seed: 7 });
const kinds = idKindsFor({ tools: spec.tools, result_shapes: spec.result_shapes });
const tool = (name: string) => spec.tools.find((candidate) => candidate.name === name)!;
const [FIRST, SECOND] = spec.known_ids.filter((id) => id.startsWith('ACC-'));

describe('the demo agent reads the details a person gives', () => {
  it('plans set_budget_alert from "the category is dining and the monthly limit is $300"', () => {
    const planned = planCall(
      tool('set_budget_alert'),
      [`Budget alert on ${FIRST!} please.`, 'The category is dining and the monthly limit is $300.'],
      kinds,
    );
    expect(planned).toMatchObject({ args: { account_id: FIRST, category: 'dining', monthly_limit: 300 }, missing: [] });
  });

  it('reads a date of birth written in words or ISO, and a postal code that is not an account number', () => {
    expect(dateIn('My date of birth is March 12, 1984.')).toBe('1984-03-12');
    expect(dateIn('born 3 June 1990')).toBe('1990-06-03');
    expect(dateIn('on 2026-12-01')).toBe('2026-12-01');
    expect(idTokens('my postal code is 02139')).toEqual([]);
    const planned = planCall(
      tool('verify_identity'),
      ['Verify me please.', `It's ${FIRST!}. My date of birth is 12 March 1984 and my postal code is 02139.`],
      kinds,
    );
    expect(planned).toMatchObject({ args: { account_id: FIRST, date_of_birth: '1984-03-12', postal_code: '02139' }, missing: [] });
  });

  it('puts "from X to Y" in the right places, whichever turn named them', () => {
    const planned = planCall(
      tool('transfer_funds'),
      [`Transfer from ${FIRST!} please.`, `It goes to ${SECOND!}. The amount is $250.`],
      kinds,
    );
    expect(planned.args).toMatchObject({ from_account_id: FIRST, to_account_id: SECOND, amount: 250 });
    // The source in brackets after "from my account", the destination after "goes to is" (the latest turn first).
    const worded = planCall(
      tool('transfer_funds'),
      [`The one it goes to is ${FIRST!}. It's $20.`, `Hoping you can transfer money from my account (${SECOND!}).`],
      kinds,
    );
    expect(worded.args).toMatchObject({ from_account_id: SECOND, to_account_id: FIRST, amount: 20 });
  });

  it('ends a short named value at a comma, "and" or a new sentence typed without punctuation', () => {
    expect(labelledValue('category', 'the category is groceries and the limit is 50 dollars', false)).toBe('groceries');
    expect(labelledValue('category', 'Category: dining Need this sorted asap', false)).toBe('dining');
    expect(labelledValue('address', 'The address is 12 Elm St, Springfield, IL 62704.', true)).toBe('12 Elm St, Springfield, IL 62704');
    expect(labelledValue('address', "I want to change a shipping address and i'm stuck", true)).toBeUndefined();
  });

  it('reads each date from its own label, and a spelled date for a date-time', () => {
    const search = {
      name: 'search_available_slots',
      description: 'Open slots of a provider.',
      parameters: {
        type: 'object',
        properties: { from_date: { type: 'string', format: 'date' }, to_date: { type: 'string', format: 'date' } },
        required: ['from_date', 'to_date'],
      },
    };
    const planned = planCall(search, ['The from date is 16 December 2026 and the to date should be December 20, 2026.']);
    expect(planned.args).toEqual({ from_date: '2026-12-16', to_date: '2026-12-20' });
    const book = {
      name: 'book_appointment',
      description: 'Book a slot.',
      parameters: { type: 'object', properties: { slot_start: { type: 'string', format: 'date-time' } }, required: ['slot_start'] },
    };
    expect(planCall(book, ['The slot start should be 11 December 2026.']).args).toEqual({ slot_start: '2026-12-11' });
  });

  it('gives a reason the person stated with "because", else a short one from the ask, never a stray sentence', () => {
    const refund = {
      name: 'issue_refund',
      description: 'Refund an order.',
      parameters: {
        type: 'object',
        properties: { order_id: { type: 'string' }, reason: { type: 'string' } },
        required: ['order_id', 'reason'],
      },
    };
    const stated = planCall(refund, ['I want my money back because the blender arrived broken.', 'Here you go: ORD-1042.']);
    expect(stated.args).toEqual({ order_id: 'ORD-1042', reason: 'the blender arrived broken' });
    const unstated = planCall(refund, [
      "Good morning! Name's Olive Botsford. Please refund ORD-1042.",
      "It's the later one: record 71174.",
    ]);
    expect(unstated.args).toMatchObject({ reason: 'customer requested a refund' });
    const cancel = { ...refund, name: 'cancel_order' };
    expect(planCall(cancel, ["Previously it fell over promptly, so I'm back. Cancel ORD-1042."]).args).toMatchObject({
      reason: 'customer asked to cancel the order',
    });
    // A labelled reason (how the simulated person answers when asked) is kept as given.
    expect(planCall(refund, ['ORD-1042.', 'The reason is it arrived damaged.']).args).toMatchObject({ reason: 'it arrived damaged' });
  });
});
