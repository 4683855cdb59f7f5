import { describe, expect, it } from 'vitest';
import { ORDER_TOOLS as TOOLS } from '../../world/audit/__fixtures__/order-tools';
import type { Row } from '../../../shared/domain';
import { IdKinds } from '../../world/id-kinds';
import { rowReferenceKindError } from './reference-kinds';

const KINDS = new IdKinds({ tools: TOOLS });
const situation = (tool: string) => ({ dimensions: { tool } }) as unknown as Row['situation'];

describe('reference kinds', () => {
  it('finds a person offering an id of a kind the ask does not take', () => {
    const ask = (content: string, tool = 'get_order') =>
      rowReferenceKindError({ messages: [{ role: 'user', content }], situation: situation(tool) }, { tools: TOOLS }, KINDS);
    expect(ask('The reference is CUS-4487.')).toBe('CUS-4487 (customer) for order');
    expect(ask('Order ORD-82336, please.')).toBeUndefined();
    expect(ask('My customer number is CUS-4487.', 'search_orders')).toBeUndefined();
    expect(ask('What time do you close? CUS-4487', 'unrelated')).toBeUndefined();
    expect(ask('Both: ORD-82336 and CUS-4487.', 'multi_tool')).toBeUndefined();
  });
});
