import { describe, expect, it } from 'vitest';
import { RETAIL_TOOLS } from '../__fixtures__/retail-tools';
import { createWorld } from '../create-world';

const EXAMPLE = { order_id: 'ORD-1000', status: 'delivered', placed_at: '2026-03-10T09:00:00Z', delivered_at: '2026-03-14T12:05:00Z' };
const world = (seed: number) =>
  createWorld({ seed, tools: RETAIL_TOOLS, world_state: 'entity exists', faults: {}, result_shapes: { get_order: EXAMPLE } });
const order = (seed: number, id: string) => {
  const answer = world(seed).call('get_order', { order_id: id }).result as unknown as { data: Record<string, unknown> };
  return answer.data;
};

describe('orders drawn from an example take a stage of their own', () => {
  const orders = Array.from({ length: 200 }, (_, index) => order(3, `ORD-${20000 + index}`));

  it('reach every stage, delivered the most often, not only the example', () => {
    const counts = new Map<string, number>();
    for (const record of orders) counts.set(String(record.status), (counts.get(String(record.status)) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual(['delivered', 'in_transit', 'pending', 'processing', 'shipped']);
    expect(Math.max(...counts.values())).toBe(counts.get('delivered'));
  });

  it('show a delivery date only once delivered', () => {
    for (const record of orders) {
      if (record.status === 'delivered') expect(record.delivered_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      else expect(record.delivered_at).toBeNull();
    }
  });

  it('keep their stage: the same seed and id give the same order, and a cancellation moves it', () => {
    expect(order(3, 'ORD-20007')).toEqual(orders[7]);
    const pending = orders.findIndex((record) => record.status === 'pending' || record.status === 'processing');
    const shop = world(3);
    shop.call('get_order', { order_id: `ORD-${20000 + pending}` });
    shop.call('cancel_order', { order_id: `ORD-${20000 + pending}` });
    const after = shop.call('get_order', { order_id: `ORD-${20000 + pending}` }).result as unknown as { data: Record<string, unknown> };
    expect(after.data.status).toBe('cancelled');
    expect(after.data.delivered_at).toBeNull();
  });

  it('refuse a cancellation or an address change once shipped or delivered, and say where the order is', () => {
    const sent = orders.findIndex((record) => record.status === 'delivered');
    const moving = orders.findIndex((record) => record.status === 'in_transit');
    expect(world(3).call('cancel_order', { order_id: `ORD-${20000 + sent}` }).result).toEqual({
      status: 'rejected',
      reason: 'already_sent',
      current_status: 'delivered',
    });
    const shop = world(3);
    expect(shop.call('cancel_order', { order_id: `ORD-${20000 + moving}` }).result).toMatchObject({ current_status: 'in_transit' });
    expect(
      (shop.call('get_order', { order_id: `ORD-${20000 + moving}` }).result as unknown as { data: { status: string } }).data.status,
    ).toBe('in_transit');
  });

  it('refuse a return until the order has arrived', () => {
    const startReturn = {
      name: 'start_return',
      description: 'Start a return for one item of an order.',
      parameters: { type: 'object', properties: { order_id: { type: 'string' }, sku: { type: 'string' } }, required: ['order_id', 'sku'] },
    };
    const shop = (seed: number) =>
      createWorld({
        seed,
        tools: [...RETAIL_TOOLS, startReturn],
        world_state: 'entity exists',
        faults: {},
        result_shapes: { get_order: EXAMPLE },
      });
    const early = orders.findIndex((record) => record.status === 'processing');
    const arrived = orders.findIndex((record) => record.status === 'delivered');
    expect(shop(3).call('start_return', { order_id: `ORD-${20000 + early}`, sku: 'SKU-1' }).result).toEqual({
      status: 'rejected',
      reason: 'not_delivered',
      current_status: 'processing',
    });
    expect(shop(3).call('start_return', { order_id: `ORD-${20000 + arrived}`, sku: 'SKU-1' }).result.status).toBe('ok');
  });

  it('keep their stage under a half-done earlier request, so the stage still decides what can be done', () => {
    const halfDone = () =>
      createWorld({ seed: 3, tools: RETAIL_TOOLS, world_state: 'partially completed', faults: {}, result_shapes: { get_order: EXAMPLE } });
    const read = (id: string) => (halfDone().call('get_order', { order_id: id }).result as { data?: Record<string, unknown> }).data;
    // A half-done world knows only some ids; each order it knows keeps the stage it has in a world without the request.
    const records = Array.from({ length: 40 }, (_, index) => read(`ORD-${20000 + index}`));
    const known = [...records.entries()].filter((entry): entry is [number, Record<string, unknown>] => entry[1] !== undefined);
    expect(known.length).toBeGreaterThan(5);
    for (const [index, record] of known) {
      expect(record.status).toBe(orders[index]!.status);
      expect(String(record.note)).toContain('not finished');
    }
    const sent = known.find(([, record]) => record.status === 'delivered' || record.status === 'shipped')![0];
    expect(halfDone().call('cancel_order', { order_id: `ORD-${20000 + sent}` }).result).toMatchObject({ reason: 'already_sent' });
  });

  it('refuse a cancellation once a return was started on the order', () => {
    const startReturn = {
      name: 'start_return',
      description: 'Start a return for one item of an order.',
      parameters: { type: 'object', properties: { order_id: { type: 'string' }, sku: { type: 'string' } }, required: ['order_id', 'sku'] },
    };
    const arrived = `ORD-${20000 + orders.findIndex((record) => record.status === 'delivered')}`;
    const shop = createWorld({
      seed: 3,
      tools: [...RETAIL_TOOLS, startReturn],
      world_state: 'entity exists',
      faults: {},
      result_shapes: { get_order: EXAMPLE, start_return: { order_id: 'ORD-1000', status: 'return_requested' } },
    });
    expect(shop.call('start_return', { order_id: arrived, sku: 'SKU-1' }).result.status).toBe('ok');
    expect(shop.call('cancel_order', { order_id: arrived }).result).toEqual({
      status: 'rejected',
      reason: 'already_sent',
      current_status: 'return_requested',
    });
  });
});
