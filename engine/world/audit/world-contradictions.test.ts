import { describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/domain';
import { worldContradictions } from './world-contradictions';

let callNumber = 0;
function exchange(name: string, args: Record<string, unknown>, answer: Record<string, unknown>): Message[] {
  const id = `call_${++callNumber}`;
  return [
    { role: 'assistant', content: '', tool_calls: [{ id, name, arguments: args }] },
    { role: 'tool', tool_call_id: id, name, content: JSON.stringify(answer) },
  ];
}

const ORDER = { order_id: 'ORD-1', status: 'processing', shipping_address: '1 Elm St', total: 40 };

describe('worldContradictions', () => {
  it('accepts reads that agree and an action whose effect later reads show', () => {
    const messages = [
      ...exchange('get_order', { order_id: 'ORD-1' }, { status: 'ok', data: ORDER }),
      ...exchange(
        'search_orders',
        { customer_id: 'CUS-1' },
        { status: 'ok', data: { customer_id: 'CUS-1', orders: [{ order_id: 'ORD-1', total: 40 }] } },
      ),
      ...exchange(
        'update_shipping_address',
        { order_id: 'ORD-1', address: '9 Oak Rd' },
        { status: 'ok', data: { ...ORDER, shipping_address: '9 Oak Rd' } },
      ),
      ...exchange('cancel_order', { order_id: 'ORD-1' }, { status: 'ok', data: { order_id: 'ORD-1', status: 'cancelled' } }),
      ...exchange(
        'get_order',
        { order_id: 'ORD-1' },
        { status: 'ok', data: { ...ORDER, shipping_address: '9 Oak Rd', status: 'cancelled' } },
      ),
    ];
    expect(worldContradictions({ messages })).toEqual([]);
  });

  it("reads a product's quantity in an order's line as the order's, its name and price as the product's", () => {
    const line = (quantity: number, unit_price: number) => ({ sku: 'SKU-1', name: 'Canvas tote bag', quantity, unit_price });
    const messages = [
      ...exchange('get_order', { order_id: 'ORD-1' }, { status: 'ok', data: { order_id: 'ORD-1', items: [line(1, 24.5)] } }),
      ...exchange('get_order', { order_id: 'ORD-2' }, { status: 'ok', data: { order_id: 'ORD-2', items: [line(3, 24.5)] } }),
      ...exchange('get_order', { order_id: 'ORD-3' }, { status: 'ok', data: { order_id: 'ORD-3', items: [line(2, 19)] } }),
    ];
    expect(worldContradictions({ messages })).toEqual(['get_order shows sku-1 unit_price "19" after "24.5"']);
  });

  it('finds a read that forgets a write, an answer with another value than written, and goods that changed', () => {
    const messages = [
      ...exchange('get_order', { order_id: 'ORD-1' }, { status: 'ok', data: ORDER }),
      ...exchange(
        'update_shipping_address',
        { order_id: 'ORD-1', address: '9 Oak Rd' },
        { status: 'ok', data: { ...ORDER, shipping_address: '418 Alder Street' } },
      ),
      ...exchange('get_order', { order_id: 'ORD-1' }, { status: 'ok', data: { ...ORDER, total: 55 } }),
    ];
    expect(worldContradictions({ messages })).toEqual([
      'update_shipping_address wrote address "9 Oak Rd" but answered shipping_address "418 Alder Street"',
      'get_order shows ord-1 shipping_address "1 Elm St" after "9 Oak Rd"',
      'get_order shows ord-1 total "55" after "40"',
    ]);
  });

  it('ignores faults, stale data and the two candidates of a duplicate', () => {
    const messages = [
      ...exchange('get_order', { order_id: 'ORD-1' }, { status: 'ok', data: ORDER }),
      ...exchange('get_order', { order_id: 'ORD-1' }, { status: 'ok', stale: true, data: { result: 'ab12' } }),
      ...exchange('get_order', { order_id: 'ORD-1' }, { status: 'timeout', error: 'request timed out' }),
      ...exchange('get_order', { order_id: 'ORD-1' }, { status: 'ok', data: { count: 2, items: [{ record_id: 1, ...ORDER, total: 9 }] } }),
    ];
    expect(worldContradictions({ messages })).toEqual([]);
  });
});
