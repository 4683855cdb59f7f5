import { describe, expect, it } from 'vitest';
import { draftSpec } from '../spec/draft-spec';
import { createWorld } from './create-world';

/** The refund desk's spec as the drafter writes it: orders whose lines name products by SKU. */
const spec = draftSpec('a retail assistant that refunds only after the customer confirms the order', { seed: 34 }).spec;
const ORDER_IDS = [
  ...spec.known_ids.filter((id) => id.startsWith('ORD')),
  ...Array.from({ length: 30 }, (_, index) => `ORD-${61000 + index}`),
];
const STATES = ['entity exists', 'entity already acted on', 'partially completed', 'unknown'];

type Line = { sku: string; name: string; unit_price: number; quantity: number };
type Order = Record<string, unknown> & { items: Line[] };

const shapes = { known_ids: spec.known_ids, result_shapes: spec.result_shapes };
const worldAt = (seed: number, state: string) => createWorld({ seed, tools: spec.tools, world_state: state, faults: {}, ...shapes });

/** Every order of every id, in 40 worlds (situations) of each state. */
const orders: Order[] = [];
for (let seed = 1; seed <= 40; seed += 1) {
  for (const state of STATES) {
    const world = worldAt(seed, state);
    for (const id of ORDER_IDS) {
      const answer = world.call('get_order', { order_id: id }).result as unknown as { status: string; data?: Order };
      if (answer.status === 'ok' && answer.data !== undefined) orders.push(answer.data);
    }
  }
}
const day = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : undefined);

describe('a product is one entity across a run', () => {
  const lines = orders.flatMap((order) => order.items);

  it('has one name and one unit price wherever it appears, and no two products share a name', () => {
    const bySku = new Map<string, string>();
    const byName = new Map<string, string>();
    for (const line of lines) {
      const shown = `${line.name} @ ${line.unit_price}`;
      expect(bySku.get(line.sku) ?? shown, line.sku).toBe(shown);
      bySku.set(line.sku, shown);
      expect(byName.get(line.name) ?? line.sku, line.name).toBe(line.sku);
      byName.set(line.name, line.sku);
    }
    expect(bySku.size).toBeGreaterThan(6);
  });

  it('is named as a variant of the example, never numbered', () => {
    for (const line of lines) expect(line.name).toMatch(/^(Merino crew sweater|Canvas tote bag)(, [a-zA-Z0-9 -]+)*$/);
    expect(new Set(lines.map((line) => line.name)).has('Merino crew sweater, navy, M')).toBe(true);
  });

  it('appears once per order, and the order total is the sum of its lines', () => {
    for (const order of orders) {
      expect(new Set(order.items.map((line) => line.sku)).size).toBe(order.items.length);
      expect(new Set(order.items.map((line) => line.name)).size).toBe(order.items.length);
      const sum = order.items.reduce((total, line) => total + line.unit_price * line.quantity, 0);
      expect(order.total_paid).toBeCloseTo(sum, 2);
    }
  });
});

describe("an order's dates follow each other", () => {
  it('placed before delivered; delivered_at set exactly when the order arrived', () => {
    for (const order of orders) {
      const arrived = order.status === 'delivered' || order.status === 'completed';
      if (arrived) expect(day(order.delivered_at)! >= day(order.placed_at)!).toBe(true);
      else expect(order.delivered_at, String(order.status)).toBeNull();
    }
  });

  it('an action already carried out comes after placing, and a cancellation before any delivery', () => {
    const done = orders.filter((order) => typeof order.note === 'string' && order.note.includes('already carried out'));
    expect(new Set(done.map((order) => order.status))).toEqual(new Set(['cancelled', 'completed']));
    for (const order of done) {
      const noted = /(\d{4}-\d{2}-\d{2})/.exec(String(order.note))![1]!;
      expect(noted > day(order.placed_at)!).toBe(true);
      if (order.status === 'completed') expect(noted > day(order.delivered_at)!).toBe(true);
      else expect(order.delivered_at).toBeNull();
    }
  });

  it('the same order holds the same lines and is placed on the same day in every situation; its tracking follows it', () => {
    for (const id of ORDER_IDS.slice(0, 8)) {
      const placed = new Set<string>();
      const contents = new Set<string>();
      for (let seed = 1; seed <= 20; seed += 1) {
        const world = worldAt(seed, 'entity exists');
        const order = (world.call('get_order', { order_id: id }).result as unknown as { data: Order }).data;
        const tracking = (world.call('track_shipment', { order_id: id }).result as unknown as { data: Record<string, unknown> }).data;
        placed.add(day(order.placed_at)!);
        contents.add(JSON.stringify([order.items, order.total_paid, order.customer_id, tracking.tracking_number]));
        expect(day(tracking.estimated_delivery)! >= day(order.placed_at)!).toBe(true);
        if (order.status === 'delivered') expect(day(tracking.estimated_delivery)).toBe(day(order.delivered_at));
      }
      expect(placed.size).toBe(1);
      expect(contents.size).toBe(1);
    }
  });
});

describe('an order line named by name alone (a dish) is one product too', () => {
  const food = draftSpec('a food delivery support agent that refunds late orders only after checking the courier status', {
    seed: 34,
  }).spec;
  const foodOrders = food.known_ids.filter((id) => id.startsWith('FD'));
  type Dish = { name: string; price: number; quantity: number };
  const carts: Array<Record<string, unknown> & { items: Dish[] }> = [];
  for (let seed = 1; seed <= 30; seed += 1) {
    const tools = { tools: food.tools, faults: {}, known_ids: food.known_ids, result_shapes: food.result_shapes };
    const world = createWorld({ seed, world_state: 'entity exists', ...tools });
    for (const id of foodOrders) carts.push((world.call('get_order_items', { order_id: id }).result as unknown as { data: never }).data);
  }

  it('has one price wherever it appears, appears once per order, and the total adds the lines, the fee and the tip', () => {
    const prices = new Map<string, number>();
    for (const cart of carts) {
      expect(new Set(cart.items.map((dish) => dish.name)).size).toBe(cart.items.length);
      for (const dish of cart.items) {
        expect(prices.get(dish.name) ?? dish.price, dish.name).toBe(dish.price);
        prices.set(dish.name, dish.price);
      }
      const lines = cart.items.reduce((sum, dish) => sum + dish.price * dish.quantity, 0);
      expect(cart.total).toBeCloseTo(lines + Number(cart.delivery_fee) + Number(cart.tip), 2);
    }
    expect(prices.size).toBeGreaterThan(4);
  });

  it('a smaller portion costs less than the dish, a larger one more', () => {
    const prices = new Map(carts.flatMap((cart) => cart.items.map((dish) => [dish.name, dish.price] as const)));
    for (const [name, price] of prices) {
      const base = prices.get(name.split(',')[0]!);
      if (base === undefined || name === name.split(',')[0]) continue;
      if (/small|half/.test(name)) expect(price, name).toBeLessThan(base);
      if (/large|double|family/.test(name)) expect(price, name).toBeGreaterThan(base);
    }
  });
});
