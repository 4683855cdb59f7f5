import { describe, expect, it } from 'vitest';
import { confirmQuestion } from './demo-replies';
import { Wording } from './demo-wording';

const cancel = { tool: 'cancel_order', args: { order_id: 'ORD-82336' }, missing: [] };
const lookup = { tool: 'get_order', args: { order_id: 'ORD-82336' }, missing: [] };

describe('confirmQuestion: asks a yes only for what changes something', () => {
  it('leaves a look-up queued behind an action out of the question', () => {
    const question = confirmQuestion([cancel, lookup], undefined, [], new Wording('confirm'), 'confirm');
    expect(question).toContain('cancel order ORD-82336');
    expect(question).not.toMatch(/look up/);
  });

  it('names a look-up when it is all there is to confirm', () => {
    expect(confirmQuestion([lookup], undefined, [], new Wording('confirm'), 'confirm')).toMatch(/look up order ORD-82336/);
  });
});
