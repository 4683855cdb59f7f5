import { describe, expect, it } from 'vitest';
import { ORDER_TOOLS as TOOLS } from './__fixtures__/order-tools';
import type { Message } from '../../../shared/domain';
import { IdKinds } from '../id-kinds';
import { idKindError, rowIdKindError } from './id-audit';

const KINDS = new IdKinds({ tools: TOOLS });

describe('id audit', () => {
  it('takes ids of the right kind and refuses names, free text and other kinds', () => {
    expect(idKindError('order_id', 'ORD-95347', 'get_order', KINDS)).toBeUndefined();
    expect(idKindError('record_id', 3657, 'get_order', KINDS)).toBeUndefined();
    expect(idKindError('patient_id', 'Neil Jakubowski', 'find_patient', KINDS)).toMatch(/words, not an id/);
    expect(idKindError('order_id', 'CUS-4487', 'get_order', KINDS)).toMatch(/another kind/);
    expect(idKindError('order_id', 'pending', 'get_order', KINDS)).toMatch(/no digits/);
  });

  it('reads calls and answers of a row', () => {
    const messages: Message[] = [
      { role: 'user', content: 'Where is ORD-95347?' },
      { role: 'assistant', content: '', tool_calls: [{ id: 'c1', name: 'get_order', arguments: { order_id: 'ORD-95347' } }] },
      {
        role: 'tool',
        tool_call_id: 'c1',
        name: 'get_order',
        content: '{"status":"ok","data":{"order_id":"ORD-95347","customer_id":"Retta Haag"}}',
      },
    ];
    expect(rowIdKindError({ messages }, KINDS)).toBe('get_order answer customer_id: "Retta Haag" is words, not an id');
    expect(rowIdKindError({ messages: messages.slice(0, 2) }, KINDS)).toBeUndefined();
  });
});
