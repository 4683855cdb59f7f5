import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../../shared/domain';
import type { ToolStep } from './demo-conversation';
import { describeStep, redirect } from './demo-replies';
import { stepSubject } from './demo-subjects';
import { Wording } from './demo-wording';

describe('describeStep', () => {
  it('names the one record a search found by its own id, not as "your patients"', () => {
    const args = { last_name: 'Dooley', date_of_birth: '1983-06-17' };
    const step: ToolStep = {
      call: { id: 'c1', name: 'find_patient', arguments: args },
      result: { status: 'ok', data: { patient_id: 'PT-36223', full_name: 'Lennie Dooley', date_of_birth: '1983-06-17' } },
      outcome: 'ok',
      fault: undefined,
    };
    const text = describeStep(step, stepSubject('find_patient', args), new Wording('1:0'), 'step-0', false);
    expect(text).toBe('Patient PT-36223: full name Lennie Dooley, date of birth 1983-06-17.');
  });

  it('tells what an order holds by name, lines of one name counted together', () => {
    const data = {
      order_id: 'ORD-48847',
      status: 'delivered',
      total_paid: 106.28,
      items: [
        { name: 'Canvas tote bag', quantity: 2, sku: 'SKU-63307', unit_price: 20.64 },
        { name: 'Merino crew sweater, navy, M', quantity: 1, sku: 'SKU-16542', unit_price: 65 },
        { name: 'Canvas tote bag', quantity: 1, sku: 'SKU-53881', unit_price: 21.76 },
      ],
    };
    const args = { order_id: 'ORD-48847' };
    const step: ToolStep = {
      call: { id: 'c1', name: 'get_order', arguments: args },
      result: { status: 'ok', data },
      outcome: 'ok',
      fault: undefined,
    };
    const text = describeStep(step, stepSubject('get_order', args), new Wording('1:0'), 'step-0', false);
    expect(text).toBe(
      'Order ORD-48847 is delivered (4 items, total paid 106.28). Items: Canvas tote bag x3; Merino crew sweater, navy, M.',
    );
  });
});

describe('redirect', () => {
  const tool = (name: string): ToolSpec => ({ name, description: name, parameters: { type: 'object', properties: {} } });
  const answers = (tools: ToolSpec[]) => [0, 1, 2, 3].map((seed) => redirect(tools, new Wording(`${seed}:0`), 'redirect', 'Bonjour'));

  it('names every thing the tools can do, not the first five', () => {
    const tools = [
      'get_order',
      'search_orders',
      'track_shipment',
      'start_return',
      'issue_refund',
      'cancel_order',
      'update_shipping_address',
    ];
    for (const text of answers(tools.map(tool)))
      expect(text).toContain('issuing refunds, cancelling orders and updating shipping addresses');
  });

  it('ends a long list in "a few other things" rather than a list that looks whole', () => {
    const nouns = ['order', 'invoice', 'ticket', 'account', 'booking', 'payment', 'shipment', 'review', 'coupon'];
    for (const text of answers(nouns.map((noun) => tool(`get_${noun}`)))) {
      expect(text).toContain('looking up shipments and a few other things');
      expect(text).not.toContain('reviews');
    }
  });
});
