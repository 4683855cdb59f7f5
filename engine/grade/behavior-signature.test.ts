import { describe, expect, it } from 'vitest';
import { fixtureRow, ORDER_A1001, type Turn } from './conduct/__fixtures__/conversation';
import { behaviorShape, behaviorSignature } from './behavior-signature';

function lookup(userText: string, orderId: string, reply: string) {
  const turns: Turn[] = [
    { user: userText },
    { agent: '', calls: [{ tool: 'get_order', args: { order_id: orderId, include_items: true }, result: ORDER_A1001 }] },
    { agent: reply },
  ];
  return fixtureRow('sig', turns);
}

describe('behaviorSignature', () => {
  it('is 12 hex and stable for the same behaviour in other words', () => {
    const first = lookup('where is order A-1001?', 'A-1001', 'It shipped on March 2.');
    const second = lookup('hey, any news on A-1001', 'A-1001', 'Shipped March 2, arriving soon.');
    expect(behaviorSignature(first)).toMatch(/^[0-9a-f]{12}$/);
    expect(behaviorSignature(second)).toBe(behaviorSignature(first));
  });

  it('changes when an argument is invented instead of given', () => {
    const given = lookup('where is order A-1001?', 'A-1001', 'It shipped on March 2.');
    const invented = lookup('where is my blender order?', 'A-1001', 'It shipped on March 2.');
    expect(behaviorShape(given).steps[0]![1]).toEqual([
      ['include_items', 'invented'],
      ['order_id', 'user'],
    ]);
    expect(behaviorShape(invented).steps[0]![1]).toEqual([
      ['include_items', 'invented'],
      ['order_id', 'invented'],
    ]);
    expect(behaviorSignature(invented)).not.toBe(behaviorSignature(given));
  });

  it('reads an id taken from an earlier tool result as derived', () => {
    const row = fixtureRow('derived', [
      { user: 'refund the blender I ordered with ana@shop.io' },
      {
        agent: '',
        calls: [{ tool: 'search_orders', args: { email: 'ana@shop.io' }, result: { status: 'ok', items: [{ order_id: 'A-1001' }] } }],
      },
      { agent: '', calls: [{ tool: 'refund_order', args: { order_id: 'A-1001', note: null }, result: { status: 'ok' } }] },
      { agent: 'Refunded.' },
    ]);
    expect(behaviorShape(row).steps).toEqual([
      ['search_orders', [['email', 'user']], 'ok'],
      [
        'refund_order',
        [
          ['note', 'absent'],
          ['order_id', 'derived'],
        ],
        'ok',
      ],
    ]);
  });

  it('tells a refusal and a long reply apart', () => {
    const base = lookup('where is order A-1001?', 'A-1001', 'It shipped on March 2.');
    const refusal = lookup('where is order A-1001?', 'A-1001', "I can't share that.");
    const long = lookup('where is order A-1001?', 'A-1001', 'word '.repeat(30));
    expect(behaviorShape(refusal).refusal).toBe(true);
    expect(behaviorShape(long).length_bucket).toBe(2);
    expect(new Set([base, refusal, long].map(behaviorSignature)).size).toBe(3);
  });
});
