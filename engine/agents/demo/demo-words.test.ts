import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../../shared/domain';
import { capability } from './demo-words';

const tool = (name: string): ToolSpec => ({ name, description: name, parameters: { type: 'object', properties: {} } }) as ToolSpec;

describe('capability: what the demo agent offers, in plain English', () => {
  it('writes regular plurals of nouns ending in a consonant and y, s, x, ch or sh', () => {
    expect(capability(tool('verify_identity'))).toBe('verifying identities');
    expect(capability(tool('issue_policy'))).toBe('issuing policies');
    expect(capability(tool('create_address'))).toBe('creating addresses');
    expect(capability(tool('issue_refund'))).toBe('issuing refunds');
  });

  it('reads as things the agent does, for any tool names', () => {
    expect(capability(tool('get_order'))).toBe('looking up orders');
    expect(capability(tool('search_orders'))).toBe('searching orders');
    expect(capability(tool('track_shipment'))).toBe('tracking shipments');
    expect(capability(tool('start_return'))).toBe('starting returns');
    expect(capability(tool('cancel_order'))).toBe('cancelling orders');
    expect(capability(tool('pay_bill'))).toBe('paying bills');
    expect(capability(tool('update_shipping_address'))).toBe('updating shipping addresses');
    expect(capability(tool('stop_payment'))).toBe('stopping payments');
    expect(capability(tool('transfer_funds'))).toBe('transferring funds');
    expect(capability(tool('grant_software_access'))).toBe('granting software access');
  });
});
