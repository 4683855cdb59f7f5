import { describe, expect, it } from 'vitest';
import { knownIdsIn, toolKnownIds } from './known-ids';
import { idLikeParameters, nameTokens, toolKind, toolParts } from './tool-kinds';

describe('tool kinds', () => {
  it('splits names on non-alphanumerics and camelCase', () => {
    expect(nameTokens('getOrderStatus')).toEqual(['get', 'order', 'status']);
    expect(nameTokens('issue-refund_v2')).toEqual(['issue', 'refund', 'v2']);
    expect(nameTokens('escalateToHuman')).toEqual(['escalate', 'to', 'human']);
  });

  it('reads the first token for read verbs, any token for destructive ones', () => {
    expect(toolKind('get_order')).toBe('read');
    expect(toolKind('listTransactions')).toBe('read');
    expect(toolKind('check_and_cancel')).toBe('read');
    expect(toolKind('issue_refund')).toBe('destructive');
    expect(toolKind('transferFunds')).toBe('destructive');
    expect(toolKind('wipe_device')).toBe('destructive');
    expect(toolKind('create_ticket')).toBe('other');
    expect(toolKind('update_address')).toBe('other');
    expect(toolKind('')).toBe('other');
  });

  it('finds id-like parameters by the SDK regex, recursively into objects but not arrays', () => {
    const tool = {
      name: 'x',
      parameters: {
        type: 'object',
        properties: {
          order_id: { type: 'string' },
          ID: { type: 'string' },
          amount: { type: 'number' },
          sku: { type: 'string' },
          file_name: { type: 'string' },
          destination: { type: 'object', properties: { account_ref: { type: 'string' }, memo: { type: 'string' } } },
          items: { type: 'array', items: { type: 'object', properties: { line_id: { type: 'string' } } } },
          identifier: { type: 'string' },
        },
      },
    };
    expect(idLikeParameters(tool)).toEqual(['order_id', 'ID', 'sku', 'destination.account_ref']);
    expect(idLikeParameters({ name: 'y', parameters: { type: 'object' } })).toEqual([]);
  });

  it('reads OpenAI and Anthropic tool shapes', () => {
    expect(toolParts({ type: 'function', function: { name: 'a', description: 'd', parameters: { type: 'object' } } })).toEqual({
      name: 'a',
      description: 'd',
      parameters: { type: 'object' },
    });
    expect(toolParts({ name: 'b', input_schema: { type: 'object', properties: { id: {} } } }).parameters).toEqual({
      type: 'object',
      properties: { id: {} },
    });
    expect(toolParts(null)).toEqual({ name: '', description: '', parameters: {} });
  });
});

describe('known ids', () => {
  it('pulls ids with the writer regex, in document order, once each', () => {
    expect(knownIdsIn('Accounts on file: ACC-1001, ACC-1002. Also ACC-1001 and NW482, PT_20931, E.164, abc-123, ABCDE-123')).toEqual([
      'ACC-1001',
      'ACC-1002',
      'NW482',
      'PT_20931',
    ]);
  });

  it('reads tool and parameter descriptions', () => {
    const tool = {
      name: 'get_order',
      description: 'Orders on file: ORD-20417.',
      parameters: { type: 'object', properties: { order_id: { type: 'string', description: 'e.g. ORD-20418' } } },
    };
    expect(toolKnownIds(tool)).toEqual(['ORD-20417', 'ORD-20418']);
  });
});
