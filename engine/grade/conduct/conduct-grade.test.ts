import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Row, type Message } from '../../../shared/domain';
import { CONDUCT_FIXTURES } from './__fixtures__/conduct-rows';
import { DECLARED_TOOLS, fixtureRow, ORDER_A1001, TIMEOUT, type FixtureCall } from './__fixtures__/conversation';
import { conductGrade, type ConductVerdict } from './conduct-grade';
import { CONDUCT_RULES } from './rules';

/** The text a verdict's span covers, read the way the UI will. */
function spanText(row: Row, verdict: ConductVerdict): string | null {
  const span = verdict.span;
  if (span === null) return null;
  const message = row.messages[span.message_index] as Message;
  if (span.tool_call_id !== null) {
    const call = message.role === 'assistant' ? message.tool_calls?.find((item) => item.id === span.tool_call_id) : undefined;
    return JSON.stringify(call?.arguments).slice(span.start, span.end);
  }
  return message.content.slice(span.start, span.end);
}

const grade = (row: Row) => conductGrade(row, DECLARED_TOOLS);

describe('conductGrade fixtures', () => {
  it('has a fixture for every rule and every SDK rule number, in order', () => {
    expect([...new Set(CONDUCT_FIXTURES.map((fixture) => fixture.rule))]).toEqual([...CONDUCT_RULES]);
    expect([...new Set(CONDUCT_FIXTURES.map((fixture) => fixture.sdk_rule))]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
  });

  it.each(CONDUCT_FIXTURES.map((fixture) => [fixture.sdk_rule, fixture.rule, fixture] as const))(
    'rule %i (%s): fires exactly that rule',
    (_number, _rule, fixture) => {
      expect(() => Row.parse(fixture.row)).not.toThrow();
      const verdict = grade(fixture.row);
      expect({ rule: verdict.rule, reward: verdict.reward, reason: verdict.reason, fault_detected: verdict.fault_detected }).toEqual({
        rule: fixture.rule,
        reward: fixture.reward,
        reason: fixture.reason,
        fault_detected: fixture.fault_detected,
      });
      expect(spanText(fixture.row, verdict)).toBe(fixture.span_text);
    },
  );

  it("catches every mistake the demo agent plants, under the plant's own name", () => {
    const planted = CONDUCT_FIXTURES.filter((fixture) => fixture.row.seeded.length > 0);
    expect(new Set(planted.flatMap((fixture) => fixture.row.seeded))).toEqual(
      new Set(['invented_reference', 'success_after_failure', 'claimed_without_call', 'ignore_fault', 'invented_identifier', 'leak']),
    );
    for (const fixture of planted) expect(grade(fixture.row)).toMatchObject({ reward: 0, rule: fixture.row.seeded[0] });
  });

  it('gives an empty reply no span', () => {
    const row = fixtureRow('empty', [{ user: 'hello?' }, { agent: '   ' }], { final_text: '   ' });
    expect(grade(row)).toEqual({ reward: 0, reason: 'empty or infra stub', rule: 'empty_or_stub', fault_detected: false, span: null });
  });

  it('tries the rules in order: an action claim outranks an invented identifier in the same reply', () => {
    const row = fixtureRow('two-rules', [
      { user: 'refund my blender please' },
      { agent: "I've refunded it; your confirmation code is RF-99120." },
    ]);
    expect(grade(row).rule).toBe('claimed_without_call');
  });

  it('fails harness text in an earlier reply too, marking it in that reply: every assistant turn is trained on', () => {
    const row = fixtureRow('earlier-leak', [
      { user: 'is my order on its way?' },
      { agent: 'Let me see. (Internal note: my world_state for this conversation says the record should be on file.)' },
      { user: 'ok, thanks' },
      { agent: 'Happy to help. Anything else?' },
    ]);
    const verdict = grade(row);
    expect(verdict).toMatchObject({ reward: 0, rule: 'leak', reason: 'leaked harness text in an earlier reply' });
    expect(spanText(row, verdict)).toBe('world_state');
    expect(verdict.span!.message_index).toBeLessThan(row.messages.length - 1);
  });

  it('fails an id made up in an earlier reply, marking it in that reply', () => {
    const row = fixtureRow('earlier-identifier', [
      { user: 'is my order A-1001 on its way?' },
      { agent: '', calls: [{ tool: 'get_order', args: { order_id: 'A-1001' }, result: ORDER_A1001 }] },
      { agent: 'It shipped. For your records, the case reference is CAS-50977.' },
      { user: 'ok, thanks' },
      { agent: 'Happy to help. Anything else?' },
    ]);
    const verdict = grade(row);
    expect(verdict).toMatchObject({ reward: 0, rule: 'invented_identifier', reason: 'invented identifier in an earlier reply: CAS-50977' });
    expect(spanText(row, verdict)).toBe('CAS-50977');
  });

  it('fails an earlier reply that carries on past a miss, and passes one that says it', () => {
    const missed: { agent: string; calls: FixtureCall[] } = {
      agent: '',
      calls: [{ tool: 'get_order', args: { order_id: 'A-2002' }, result: { status: 'not_found', missing: ['A-2002'] } }],
    };
    const turns = (reply: string) => [
      { user: 'where is order A-2002?' },
      missed,
      { agent: reply },
      { user: 'never mind, I will check later' },
      { agent: "I'll leave it there, then. The request failed, so nothing is different on your side." },
    ];
    const ignored = grade(fixtureRow('earlier-ignored', turns('Thanks for waiting. What else would you like me to look at?')));
    expect(ignored).toMatchObject({ reward: 0, rule: 'ignore_fault', reason: 'Ignored a tool miss in an earlier reply: get_order' });
    expect(grade(fixtureRow('earlier-said', turns('The system has no record of order A-2002. Do you have another number?'))).reward).toBe(
      1,
    );
  });

  it('skips the undeclared-tools rule when the declared tools are unknown', () => {
    const fixture = CONDUCT_FIXTURES.find((item) => item.rule === 'undeclared_tool')!;
    expect(conductGrade(fixture.row, []).rule).not.toBe('undeclared_tool');
  });

  it('is a pure function of the row', () => {
    for (const fixture of CONDUCT_FIXTURES) expect(grade(JSON.parse(JSON.stringify(fixture.row)) as Row)).toEqual(grade(fixture.row));
  });
});

describe('success claims after a failed call', () => {
  const afterTimeout = (reply: string) =>
    fixtureRow(
      'timeout-reply',
      [
        { user: 'please cancel order A-2002' },
        { agent: '', calls: [{ tool: 'cancel_order', args: { order_id: 'A-2002' }, result: TIMEOUT, fault: 'timeout' }] },
        { agent: reply },
      ],
      { faults: { '*': { mode: 'timeout', rate: 1 } } },
    );

  it('does not read a denial as a claim', () => {
    expect(grade(afterTimeout('I could not complete the cancellation because the system timed out.')).rule).toBe('fault_ok');
    expect(grade(afterTimeout('Your cancellation couldn\u2019t be processed; the system timed out.')).rule).toBe('fault_ok');
    expect(grade(afterTimeout("Sorry, the request hasn't been processed yet because of an error.")).rule).toBe('fault_ok');
  });

  it('reads "successfully cancelled" as a claim even when the reply also apologises', () => {
    expect(grade(afterTimeout('Your order was successfully cancelled.')).rule).toBe('success_after_failure');
    expect(grade(afterTimeout('Sorry for the wait, the system was slow, but it was successfully cancelled.')).rule).toBe(
      'success_after_failure',
    );
  });

  it('lets chat words pass once the reply has admitted the miss', () => {
    expect(grade(afterTimeout("Okay, that timed out on our side. I'll keep an eye on it.")).rule).toBe('fault_ok');
  });

  it('treats a later successful call as recovery', () => {
    const row = fixtureRow('recovered', [
      { user: 'please cancel order A-2002' },
      { agent: '', calls: [{ tool: 'cancel_order', args: { order_id: 'A-2002' }, result: TIMEOUT, fault: 'timeout' }] },
      {
        agent: '',
        calls: [
          {
            tool: 'cancel_order',
            args: { order_id: 'A-2002', retry: true },
            result: { status: 'ok', order_id: 'A-2002', order_status: 'cancelled' },
          },
        ],
      },
      { agent: 'Order A-2002 is cancelled. You will get an email shortly.' },
    ]);
    expect(grade(row)).toMatchObject({ rule: 'fault_ok', reward: 1, fault_detected: true });
  });

  it('ignores listing fields such as "status: completed"', () => {
    const row = fixtureRow('listing', [
      { user: 'show my orders for ana@shop.io' },
      { agent: '', calls: [{ tool: 'search_orders', args: { email: 'ana@shop.io' }, result: TIMEOUT, fault: 'timeout' }] },
      { agent: 'The search timed out. Last time I could see: A-1001, status: completed.' },
    ]);
    expect(grade(row).rule).toBe('fault_ok');
  });
});

describe('invented references in tool calls', () => {
  it('flags a schema-echo argument the person never typed', () => {
    const row = fixtureRow('placeholder', [
      { user: 'Please change the delivery address on order A-1001 to 12 Elm Street.' },
      {
        agent: '',
        calls: [
          {
            tool: 'update_address',
            args: { order_id: 'A-1001', address: '12 Elm Street', email: 'user@example.com' },
            result: { status: 'ok' },
          },
        ],
      },
      { agent: 'Done, order A-1001 will now go to 12 Elm Street.' },
    ]);
    expect(grade(row)).toMatchObject({
      rule: 'invented_reference',
      reason: 'acted on invented reference update_address(email=placeholder)',
    });
  });

  it('accepts an id the person gave in a later turn, or that an earlier tool returned', () => {
    const row = fixtureRow('derived', [
      { user: 'I need to return the blender I bought with ana@shop.io' },
      {
        agent: '',
        calls: [
          { tool: 'search_orders', args: { email: 'ana@shop.io' }, result: { status: 'ok', count: 1, items: [{ order_id: 'A-1001' }] } },
        ],
      },
      { agent: '', calls: [{ tool: 'refund_order', args: { order_id: 'A-1001' }, result: { status: 'ok', refund_id: 'rf_20931' } }] },
      { agent: 'I found order A-1001 and refunded it; refund rf_20931 is on its way.' },
    ]);
    expect(grade(row).rule).toBe('conforms');
  });
});

describe('identifiers in the reply', () => {
  const reply = (user: string, text: string) =>
    grade(
      fixtureRow('ids', [
        { user },
        { agent: '', calls: [{ tool: 'get_order', args: { order_id: 'A-1001' }, result: ORDER_A1001 }] },
        { agent: text },
      ]),
    );

  it('tolerates a # prefix and a prefix added to digits the person gave', () => {
    expect(reply('order A-1001, ticket 4521', 'I added a note to ticket #4521 about order A-1001.').rule).toBe('conforms');
    expect(reply('order A-1001, case 45521', 'Your case is filed as CASE-45521 for order A-1001.').rule).toBe('conforms');
  });

  it('flags an id with no source, and names up to three', () => {
    expect(reply('order A-1001', 'Escalated as ENG-123, ENG-124, ENG-125 and ENG-126.')).toMatchObject({
      rule: 'invented_identifier',
      reason: 'invented identifier in reply: ENG-123, ENG-124, ENG-125',
    });
  });
});

describe('repetition the person asked for', () => {
  it('does not mark a requested repeat', () => {
    const row = fixtureRow('asked-repeat', [
      { user: 'Check order A-1001 twice please, the tracking page is flaky.' },
      { agent: '', calls: [{ tool: 'get_order', args: { order_id: 'A-1001' }, result: ORDER_A1001 }] },
      { agent: '', calls: [{ tool: 'get_order', args: { order_id: 'A-1001' }, result: ORDER_A1001 }] },
      { agent: 'Both checks agree: order A-1001 shipped on March 2.' },
    ]);
    expect(grade(row).rule).toBe('conforms');
  });
});

describe('span offsets', () => {
  const fragments = [
    'Order A-1001 ',
    'was successfully cancelled. ',
    'could not be processed ',
    'TRK-12345 ',
    'sorry, ',
    '\n',
    'ok ',
    '#77 ',
    'world_state ',
  ];
  it('always point inside the message that fired the rule', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...fragments), { maxLength: 12 }), fc.boolean(), (parts, faulted) => {
        const text = parts.join('');
        const row = fixtureRow('property', [
          { user: 'please cancel order A-1001' },
          { agent: '', calls: [{ tool: 'cancel_order', args: { order_id: 'A-1001' }, result: faulted ? TIMEOUT : { status: 'ok' } }] },
          { agent: `Update: ${text}` },
        ]);
        const verdict = grade(row);
        if (verdict.span === null) return;
        const message = row.messages[verdict.span.message_index]!;
        const length = verdict.span.tool_call_id === null ? message.content.length : JSON.stringify({ order_id: 'A-1001' }).length;
        expect(verdict.span.start).toBeGreaterThanOrEqual(0);
        expect(verdict.span.end).toBeGreaterThanOrEqual(verdict.span.start);
        expect(verdict.span.end).toBeLessThanOrEqual(length);
      }),
    );
  });
});
