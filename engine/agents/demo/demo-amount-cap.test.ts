import { describe, expect, it } from 'vitest';
import { capToPaid } from './demo-amount-cap';
import type { ToolStep } from './demo-conversation';
import { confirmQuestion } from './demo-replies';
import { Wording } from './demo-wording';

const lookup = (data: Record<string, unknown>): ToolStep => ({
  call: { id: 'call_1', name: 'get_order', arguments: { order_id: 'ORD-95347' } },
  result: { status: 'ok', data },
  outcome: 'ok',
  fault: undefined,
});
const refund = (amount: number) => ({ tool: 'issue_refund', args: { order_id: 'ORD-95347', amount }, missing: [] });

describe('capToPaid: never more than the looked-up record was paid', () => {
  it('lowers an asked amount above the paid total to that total, and says why', () => {
    const { calls, note } = capToPaid([refund(500)], [lookup({ order_id: 'ORD-95347', total_paid: 49, status: 'delivered' })]);
    expect(calls[0]!.args).toEqual({ order_id: 'ORD-95347', amount: 49 });
    expect(note).toBe("I can't go above what was paid for order ORD-95347: the most I can do is 49.00, not 500.");
  });

  it('keeps an amount within the total, and one with no record looked up', () => {
    expect(capToPaid([refund(20)], [lookup({ total_paid: 49 })])).toEqual({ calls: [refund(20)], note: undefined });
    expect(capToPaid([refund(500)], [])).toEqual({ calls: [refund(500)], note: undefined });
    // A record of another order says nothing about this one.
    const other = { ...lookup({ total: 10 }), call: { id: 'call_2', name: 'get_order', arguments: { order_id: 'ORD-1' } } };
    expect(capToPaid([refund(500)], [other]).calls[0]!.args.amount).toBe(500);
  });

  it('finds the lookup behind a later step on the same order that carries no amount (a return started)', () => {
    const started: ToolStep = {
      call: { id: 'call_2', name: 'start_return', arguments: { order_id: 'ORD-95347', sku: 'SKU-1', reason: 'damaged' } },
      result: { status: 'ok', data: { order_id: 'ORD-95347', label_sent_to: 'a@example.com' } },
      outcome: 'ok',
      fault: undefined,
    };
    const { calls } = capToPaid([refund(750)], [lookup({ order_id: 'ORD-95347', total_paid: 140.09 }), started]);
    expect(calls[0]!.args.amount).toBe(140.09);
  });

  it('asks to confirm the lowered amount, written as money', () => {
    const { calls, note } = capToPaid([refund(750)], [lookup({ order_id: 'ORD-95347', total_paid: 27.9 })]);
    const question = confirmQuestion(calls, note, [], new Wording('cap'), 'confirm');
    expect(question).toMatch(/^I can't go above what was paid for order ORD-95347: the most I can do is 27\.90, not 750\. /);
    expect(question).toContain('(amount: 27.90)');
  });
});
