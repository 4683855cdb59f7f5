import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../../shared/domain';
import { matchAsk } from './demo-intent';

const tool = (name: string, required: string[]): ToolSpec =>
  ({
    name,
    description: name,
    parameters: { type: 'object', properties: Object.fromEntries(required.map((key) => [key, { type: 'string' }])), required },
  }) as ToolSpec;
const TOOLS = [tool('get_order', ['order_id']), tool('start_return', ['order_id', 'sku', 'reason'])];

describe('matchAsk: the action the person asks for, not the lookup their number suggests', () => {
  it('reads "order # ORD-48847" as a label for the number, so a return asked for is a return', () => {
    const ask =
      'Allen Homenick here. Kindly let me send back an item from order # ORD-48847 by Sunday if possible. ' +
      "A friend who works in this field says you're required to start a return, so please get on with it.";
    expect(matchAsk(TOOLS, ask, [ask]).map((found) => found.name)).toEqual(['start_return']);
    expect(matchAsk(TOOLS, 'Where is order # ORD-48847?', ['Where is order # ORD-48847?']).map((found) => found.name)).toEqual([
      'get_order',
    ]);
  });
});

describe('matchAsk: "update" as news, not as a change', () => {
  const SHOP = [
    tool('get_order', ['order_id']),
    tool('track_shipment', ['order_id']),
    tool('update_shipping_address', ['order_id', 'address']),
  ];
  const names = (ask: string) => matchAsk(SHOP, ask, [ask]).map((found) => found.name);

  it('tracks a parcel when the person asks for a delivery update', () => {
    expect(names('Is it possible to get a delivery update for order ORD-48847?')).toEqual(['track_shipment']);
    expect(names('Any update on my parcel for ORD-48847?')).toEqual(['track_shipment']);
  });

  it('still changes the address when the person asks to update it', () => {
    expect(names('Please update the delivery address on ORD-48847.')).toEqual(['update_shipping_address']);
  });
});

describe('matchAsk: words typed with a slip', () => {
  const SHOP = [
    tool('get_order', ['order_id']),
    tool('search_orders', ['customer_id']),
    tool('cancel_order', ['order_id']),
    tool('issue_refund', ['order_id', 'amount']),
  ];
  const names = (ask: string) => matchAsk(SHOP, ask, [ask]).map((found) => found.name);

  it('reads two swapped or one dropped letter as the word meant', () => {
    expect(names('Please search my odrers for CUS-6636.')).toEqual(['search_orders']);
    expect(names('Please search my ordesr for CUS-6636.')).toEqual(['search_orders']);
    expect(names('Can you cancle ORD-95347?')).toEqual(['cancel_order']);
    expect(names("I'd like a rfund on ORD-95347")).toEqual(['issue_refund']);
  });

  it('does not stretch to other words', () => {
    expect(names('What time do you close today?')).toEqual([]);
    expect(names('Can you tell me about ORD-95347?')).toEqual(['get_order']);
  });
});

describe('matchAsk: two lookups in one message', () => {
  const SHOP = [tool('get_order', ['order_id']), tool('search_orders', ['customer_id']), tool('track_shipment', ['order_id'])];
  const names = (ask: string) => matchAsk(SHOP, ask, [ask]).map((found) => found.name);

  it('does both when each names its own verb and its own record', () => {
    const ask =
      'There is more than one thing. The tracking has been stuck for days on order ORD-82336, is it lost? ' +
      'Second, could you find all orders on my customer account CUS-6636?';
    expect(names(ask)).toEqual(['track_shipment', 'search_orders']);
  });

  it('looks a record up once when two lookups would read the same number', () => {
    expect(names('Can you check order ORD-82336 and track it too?')).toHaveLength(1);
  });
});
