import { describe, expect, it } from 'vitest';
import { earlierQuestions, listedRecords, readAgentTurn } from './agent-turn';

describe('readAgentTurn', () => {
  it('reads what a question asks for', () => {
    expect(readAgentTurn('Could you share your order number?')).toBe('asks_identifier');
    expect(readAgentTurn("What's the account ID on the card?")).toBe('asks_identifier');
    expect(readAgentTurn('Shall I cancel order ORD-1042 now?')).toBe('asks_confirmation');
    expect(readAgentTurn('Do you want me to go ahead with the refund?')).toBe('asks_confirmation');
    expect(readAgentTurn('I need the internal ledger entry for this. Do you have it?')).toBe('asks_unknowable');
    expect(readAgentTurn('Which store did you buy it from?')).toBe('asks_other');
    // A closing courtesy before the question does not turn the question into "anything else?".
    expect(readAgentTurn("Happy to help! Feel free to reach out if there's anything else. What's the from date?")).toBe('asks_other');
    expect(readAgentTurn('Done. Is there anything else I can help with?')).toBe('asks_more');
    // A leaked aside names internals but asks nothing of the person: the question after it is what they answer.
    expect(readAgentTurn('(Internal note: my world_state says the record is on file.) What is the account number?')).toBe(
      'asks_identifier',
    );
  });

  it('reads a statement as a refusal, a failure, work in progress or done', () => {
    expect(readAgentTurn("I'm sorry, I can't refund an order older than 30 days.")).toBe('refused');
    expect(readAgentTurn('The lookup timed out on our side.')).toBe('reported_failure');
    expect(readAgentTurn('Let me look into that for you.')).toBe('working');
    expect(readAgentTurn('Your order ORD-1042 has been cancelled.')).toBe('finished');
  });

  it('counts the questions asked before the last agent turn', () => {
    const messages = [
      { role: 'user' as const, content: 'Hi' },
      { role: 'assistant' as const, content: 'Which order?' },
      { role: 'user' as const, content: 'ORD-1' },
      { role: 'assistant' as const, content: '', tool_calls: [{ id: 'c', name: 'get_order', arguments: {} }] },
      { role: 'tool' as const, tool_call_id: 'c', name: 'get_order', content: '{}' },
      { role: 'assistant' as const, content: 'Shall I cancel it?' },
    ];
    expect(earlierQuestions(messages)).toBe(1);
    expect(earlierQuestions(messages.slice(0, 2))).toBe(0);
  });
});

describe('listedRecords', () => {
  it('reads each listed record with the date said beside it', () => {
    const text =
      'More than one order matches ORD-82336: record 75699: pending, total paid 24.66, 1 item, placed on 2026-04-21 and ' +
      'record 63974: delivered, total paid 301.81, 5 items, placed on 2025-05-09. Which one is it?';
    expect(listedRecords(text)).toEqual([
      { number: '75699', date: '2026-04-21' },
      { number: '63974', date: '2025-05-09' },
    ]);
    expect(listedRecords('Is it record 12 or record 13?')).toEqual([{ number: '12' }, { number: '13' }]);
  });
});
