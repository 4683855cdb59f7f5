import { describe, expect, it } from 'vitest';
import { RETAIL_TOOLS } from './__fixtures__/retail-tools';
import { createWorld } from './create-world';

const ORDER_EXAMPLE = {
  order_id: 'ORD-1',
  status: 'shipped',
  total: 900,
  shipping_fee: 12.5,
  carrier: 'UPS Ground',
  customer_name: 'Ann Lee',
  contact_email: 'ann.lee@shopmail.com',
  placed_at: '2024-01-02T10:00:00Z',
  gift: false,
  lines: [{ sku: 'SKU-100', title: 'Desk lamp', qty: 2 }],
};

const shaped = (seed: number) =>
  createWorld({
    seed,
    tools: RETAIL_TOOLS,
    world_state: 'unknown',
    faults: {},
    result_shapes: { get_order: ORDER_EXAMPLE, search_products: [{ sku: 'SKU-1', title: 'Desk lamp', price: 40 }] },
  });

describe('result_shapes', () => {
  // An order's dates are its own (the same order is placed on the same day in every world): each seed reads another.
  it('redraws a date under any key, not only one that says date ("estimated_delivery")', () => {
    const days = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      const world = createWorld({
        seed,
        tools: RETAIL_TOOLS,
        world_state: 'entity exists',
        faults: {},
        result_shapes: { get_order: { order_id: 'ORD-1', estimated_delivery: '2026-03-16', note: 'Leave at 2026-03-16 door' } },
      });
      const data = world.call('get_order', { order_id: `ORD-${1042 + seed}` }).result.data as Record<string, unknown>;
      expect(String(data.estimated_delivery)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(data.note).toBe('Leave at 2026-03-16 door');
      days.add(String(data.estimated_delivery));
    }
    expect(days.size).toBeGreaterThan(10);
  });

  it('keeps the example field names and text, redraws ids, dates, people and numbers', () => {
    const seen = { total: new Set<number>(), customer: new Set<string>(), placed: new Set<string>(), lines: new Set<number>() };
    for (let seed = 0; seed < 40; seed++) {
      const id = `ORD-${1042 + seed}`;
      const answer = shaped(seed).call('get_order', { order_id: id }).result;
      if (answer.status === 'not_found') continue;
      const data = answer.data as Record<string, unknown>;
      expect(Object.keys(data)).toEqual(Object.keys(ORDER_EXAMPLE));
      expect(data.order_id).toBe(id);
      expect(data.carrier).toBe('UPS Ground');
      expect(data.gift).toBe(false);
      expect(data.total).toBeGreaterThanOrEqual(600);
      expect(data.total).toBeLessThanOrEqual(1200);
      expect(data.shipping_fee).toBeGreaterThanOrEqual(12.5 * (2 / 3) - 0.01);
      expect(data.shipping_fee).toBeLessThanOrEqual(12.5 * (4 / 3) + 0.01);
      expect(String(data.contact_email)).toMatch(/^[a-z.]+@shopmail\.com$/);
      expect(String(data.placed_at)).toMatch(/^202[2-6]-\d{2}-\d{2}T10:00:00Z$/);
      const lines = data.lines as Array<Record<string, unknown>>;
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.length).toBeLessThanOrEqual(5);
      for (const line of lines) {
        expect(Object.keys(line)).toEqual(['sku', 'title', 'qty']);
        // The example's product, or a variant of it (another colour or pack) under its own SKU.
        expect(line.title).toMatch(/^Desk lamp(, [a-z0-9 -]+)?$/);
        expect(String(line.sku)).toMatch(/^SKU-\d{3}$/);
      }
      seen.total.add(data.total as number);
      seen.customer.add(data.customer_name as string);
      seen.placed.add(data.placed_at as string);
      seen.lines.add(lines.length);
    }
    expect(seen.total.size).toBeGreaterThan(10);
    expect(seen.customer.size).toBeGreaterThan(10);
    expect(seen.placed.size).toBeGreaterThan(10);
    expect(seen.lines.size).toBeGreaterThan(2);
  });

  it('describes the same entity on every read, and expands list examples into remembered items', () => {
    const here = shaped(3);
    const first = here.call('get_order', { order_id: 'ORD-1042' }).result;
    expect(here.call('get_order', { order_id: 'ORD-1042' }).result).toEqual(first);
    const hits = here.call('search_products', { query: 'lamp' }).result.data as Array<Record<string, unknown>>;
    expect(Array.isArray(hits)).toBe(true);
    expect(hits.length).toBeGreaterThanOrEqual(1);
    expect(hits.length).toBeLessThanOrEqual(5);
    for (const hit of hits) expect(Object.keys(hit)).toEqual(['sku', 'title', 'price']);
  });

  it('refunds what the record acted on holds: a cancelled order its total, a returned line its price times its quantity', () => {
    const startReturn = {
      name: 'start_return',
      description: 'Start a return for one item of an order.',
      parameters: { type: 'object', properties: { order_id: { type: 'string' }, sku: { type: 'string' } }, required: ['order_id', 'sku'] },
    };
    const order = { order_id: 'ORD-1', status: 'delivered', total_paid: 138, items: [{ sku: 'SKU-100', unit_price: 89, quantity: 1 }] };
    const acted = { returned: 0, cancelled: 0 };
    for (let seed = 0; seed < 20; seed++) {
      const world = createWorld({
        seed,
        tools: [...RETAIL_TOOLS, startReturn],
        world_state: 'entity exists',
        faults: {},
        result_shapes: {
          get_order: order,
          cancel_order: { order_id: 'ORD-1', status: 'cancelled', refund_amount: 59.99 },
          start_return: { order_id: 'ORD-1', sku: 'SKU-100', return_id: 'RMA-1', refund_on_receipt: 89 },
        },
      });
      const read = world.call('get_order', { order_id: 'ORD-1042' }).result.data as typeof order;
      // A delivered order can be sent back, one not yet shipped cancelled (order-stage.test.ts holds the refusals).
      if (read.status === 'delivered') {
        const line = read.items.at(-1)!;
        const returned = world.call('start_return', { order_id: 'ORD-1042', sku: line.sku }).result.data as Record<string, unknown>;
        expect(returned.refund_on_receipt).toBeCloseTo(line.unit_price * line.quantity, 2);
        acted.returned++;
      } else if (read.status === 'pending' || read.status === 'processing') {
        const cancelled = world.call('cancel_order', { order_id: 'ORD-1042' }).result.data as Record<string, unknown>;
        expect(cancelled.refund_amount).toBe(read.total_paid);
        acted.cancelled++;
      }
    }
    expect(acted.returned).toBeGreaterThan(0);
    expect(acted.cancelled).toBeGreaterThan(0);
  });

  it("keeps the titles of a list that is not of things sold (a customer's tickets): no colour or pack is added", () => {
    const titles = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      const world = createWorld({
        seed,
        tools: RETAIL_TOOLS,
        world_state: 'entity exists',
        faults: {},
        result_shapes: {
          get_order: {
            order_id: 'ORD-1',
            status: 'delivered',
            tickets: [
              { ticket_id: 'TCK-100', title: 'Parcel left at the wrong door' },
              { ticket_id: 'TCK-101', title: 'Refund not received' },
            ],
          },
        },
      });
      const data = world.call('get_order', { order_id: `ORD-${1042 + seed}` }).result.data as { tickets?: { title: string }[] };
      for (const ticket of data.tickets ?? []) titles.add(ticket.title);
    }
    expect(titles.size).toBeGreaterThan(0);
    expect([...titles].every((title) => ['Parcel left at the wrong door', 'Refund not received'].includes(title))).toBe(true);
  });
});
