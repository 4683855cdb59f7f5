import { describe, expect, it } from 'vitest';
import type { FaultPlan } from '../../shared/domain';
import { RETAIL_TOOLS, SUPPORT_TOOLS } from './__fixtures__/retail-tools';
import { createWorld, type CreateWorldOptions } from './create-world';

const TOOLS = [...RETAIL_TOOLS, ...SUPPORT_TOOLS];

function world(overrides: Partial<CreateWorldOptions> = {}) {
  return createWorld({ seed: 7, tools: TOOLS, world_state: 'unknown', faults: {}, ...overrides });
}

/** Ids the world decides do not exist, found by asking it (about 3 in 10 unknown ids). */
function unknownIds(seed: number, count: number): string[] {
  const probe = world({ seed });
  const missing: string[] = [];
  for (let index = 0; missing.length < count && index < 500; index++) {
    const id = `ORD-${7000 + index}`;
    if (probe.call('get_order', { order_id: id }).result.status === 'not_found') missing.push(id);
  }
  return missing;
}

describe('createWorld: section 8 in order', () => {
  it('answers an undeclared tool with unknown_tool', () => {
    expect(world().call('wire_money', { to: 'x' })).toEqual({
      result: { status: 'error', reason: 'unknown_tool', tool: 'wire_money' },
      fault: null,
    });
  });

  it('looks a known order up and describes it as a record of that order', () => {
    const { result, fault } = world().call('get_order', { order_id: 'ORD-1042' });
    expect(fault).toBeNull();
    expect(result.status).toBe('ok');
    const data = result.data as Record<string, unknown>;
    expect(data.order_id).toBe('ORD-1042');
    expect(typeof data.customer).toBe('string');
    expect(data.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(['USD', 'EUR', 'GBP', 'CAD']).toContain(data.currency);
    expect(String(data.placed_at)).toMatch(/^202[2-6]-\d{2}-\d{2}T/);
  });

  it('says not found for unknown ids about 3 times in 10, and always finds known ids', () => {
    const probe = world({ seed: 11 });
    const ids = Array.from({ length: 400 }, (_, index) => `ORD-${5000 + index}`);
    const missing = ids.filter((id) => probe.call('get_order', { order_id: id }).result.status === 'not_found');
    expect(missing.length / ids.length).toBeGreaterThan(0.22);
    expect(missing.length / ids.length).toBeLessThan(0.38);
    expect(probe.call('get_order', { order_id: missing[0]! }).result).toEqual({ status: 'not_found', missing: [missing[0]] });
    for (const seed of [1, 2, 3, 4, 5]) {
      expect(world({ seed }).call('get_order', { order_id: 'ORD-2231' }).result.status).toBe('ok');
      // Found whatever its stage: cancelled, or refused because it has already shipped, never not found.
      const cancel = world({ seed, known_ids: ['ORD-7777'] }).call('cancel_order', { order_id: 'ord-7777' }).result;
      expect(cancel.status === 'ok' || cancel.reason === 'already_sent').toBe(true);
    }
  });

  it('refuses schema echoes with the hint, but not a bare enum word', () => {
    const answers = [
      world().call('list_orders', { customer_email: 'user@example.com' }).result,
      world().call('get_order', { order_id: '<order id>' }).result,
      world().call('create_ticket', { subject: 'Late parcel', customer: { email: 'maya@fastmail.com', name: 'first name' } }).result,
    ];
    expect(answers[0]).toEqual({
      status: 'rejected',
      reason: 'placeholder_argument',
      fields: ['customer_email'],
      hint: 'ask the person for the actual value',
    });
    expect(answers[1]).toMatchObject({ reason: 'placeholder_argument', fields: ['order_id'] });
    expect(answers[2]).toMatchObject({ reason: 'placeholder_argument', fields: ['customer.name'] });
    const enumWord = world().call('create_ticket', { subject: 'email', customer: { email: 'maya@fastmail.com' } }).result;
    expect(enumWord.status).toBe('created');
  });

  it('lists missing required fields, recursively', () => {
    expect(world().call('issue_refund', { order_id: 'ORD-1042' }).result).toEqual({
      status: 'rejected',
      reason: 'missing_required',
      fields: ['amount'],
    });
    expect(world().call('create_ticket', { subject: '', customer: { name: 'Maya' } }).result).toEqual({
      status: 'rejected',
      reason: 'missing_required',
      fields: ['subject', 'customer.email'],
    });
  });

  it('refuses arguments of the wrong type with the field path', () => {
    expect(world().call('issue_refund', { order_id: 'ORD-1042', amount: '25' }).result).toEqual({
      status: 'rejected',
      reason: 'invalid_argument',
      fields: ['amount'],
      expected: { amount: 'number' },
    });
    const nested = world().call('create_ticket', { subject: 'Broken', customer: { email: 42 } }).result;
    expect(nested).toMatchObject({ reason: 'invalid_argument', fields: ['customer.email'] });
    expect(world().call('list_orders', { customer_email: 'maya@fastmail.com', status: 'lost' }).result).toMatchObject({
      reason: 'invalid_argument',
      fields: ['status'],
    });
  });

  it('remembers what it created: a later read returns the created record', () => {
    const here = world();
    const created = here.call('create_ticket', {
      subject: 'Parcel arrived damaged',
      order_id: 'ORD-1042',
      customer: { email: 'maya@fastmail.com' },
    }).result;
    expect(created.status).toBe('created');
    expect(created.subject).toBe('Parcel arrived damaged');
    expect(String(created.id)).toMatch(/^ticket_\d+$/);
    const read = here.call('get_ticket', { ticket_id: String(created.id) }).result;
    expect(read.status).toBe('ok');
    expect(read.data).toMatchObject({ ticket_id: created.id, subject: 'Parcel arrived damaged', order_id: 'ORD-1042' });
    // A fresh world never heard of it: world-issued ids exist only once created.
    expect(world().call('get_ticket', { ticket_id: 'ticket_3fa94c0b12de' }).result.status).toBe('not_found');
  });

  it('creates an entity a reference names, so an unknown id becomes known', () => {
    const [unknown] = unknownIds(7, 1);
    const here = world();
    expect(here.call('get_order', { order_id: unknown! }).result.status).toBe('not_found');
    here.call('create_ticket', { subject: 'Missing order', order_id: unknown!, customer: { email: 'maya@fastmail.com' } });
    expect(here.call('get_order', { order_id: unknown! }).result.status).toBe('ok');
  });

  it('deletes: a later read of the deleted id is not found', () => {
    const here = world({ known_ids: ['ADR-2001'] });
    expect(here.call('get_address', { address_id: 'ADR-2001' }).result.status).toBe('ok');
    expect(here.call('delete_address', { address_id: 'ADR-2001' }).result).toEqual({ status: 'deleted', removed: ['ADR-2001'] });
    expect(here.call('get_address', { address_id: 'ADR-2001' }).result).toEqual({ status: 'not_found', missing: ['ADR-2001'] });
    expect(here.call('delete_address', { address_id: 'ADR-2001' }).result.status).toBe('not_found');
  });

  it('keeps an entity the same across tools and shows what an action changed', () => {
    const here = world();
    const before = here.call('get_order', { order_id: 'ORD-2231' }).result.data as Record<string, unknown>;
    const cancelled = here.call('cancel_order', { order_id: 'ORD-2231' }).result;
    expect(cancelled.status).toBe('ok');
    const after = here.call('get_order', { order_id: 'ORD-2231' }).result.data as Record<string, unknown>;
    expect(after.status).toBe('cancelled');
    expect(after.customer).toBe(before.customer);
    expect(after.total).toBe(before.total);
  });

  it('lists 1..6 hits whose ids then exist, echoing the filter', () => {
    const here = world();
    const counts = new Set<number>();
    for (const email of [
      'a@fastmail.com',
      'b@fastmail.com',
      'c@fastmail.com',
      'd@fastmail.com',
      'e@fastmail.com',
      'f@fastmail.com',
      'g@fastmail.com',
      'h@fastmail.com',
    ]) {
      const data = here.call('list_orders', { customer_email: email }).result.data as {
        count: number;
        items: Array<Record<string, unknown>>;
      };
      counts.add(data.count);
      expect(data.items).toHaveLength(data.count);
      for (const item of data.items) {
        expect(item.customer_email).toBe(email);
        expect(item.email).toBe(email);
        const read = here.call('get_order', { order_id: String(item.order_id) }).result;
        expect(read.data).toEqual(item);
      }
    }
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...counts)).toBeLessThanOrEqual(6);
    expect(counts.size).toBeGreaterThan(2);
    const search = here.call('search_products', { query: 'trail running shoes', limit: 2 }).result.data as {
      query: string;
      items: Array<{ name: string }>;
    };
    expect(search.query).toBe('trail running shoes');
    expect(search.items.length).toBeLessThanOrEqual(2);
    for (const item of search.items) expect(item.name).toMatch(/trail running shoes$/);
  });

  it('finds the records a search names by id, those that exist and only those', () => {
    const searchOrders = {
      name: 'search_orders',
      description: 'Search orders',
      parameters: { type: 'object', properties: { query: { type: 'string' } } },
    };
    const here = world({ tools: [...TOOLS, searchOrders] });
    const [gone] = unknownIds(7, 1);
    const found = here.call('search_orders', { query: `order ORD-2231 and ${gone!.toLowerCase()}` }).result.data as {
      count: number;
      items: Array<Record<string, unknown>>;
    };
    expect(found.items.map((item) => item.order_id)).toEqual(['ORD-2231']);
    expect(found.count).toBe(1);
    expect(found.items[0]).toEqual(here.call('get_order', { order_id: 'ORD-2231' }).result.data);
    expect((here.call('search_orders', { query: gone! }).result.data as { count: number }).count).toBe(0);
  });

  it('does real arithmetic for calculator tools, Python style', () => {
    expect(world().call('calculate', { expression: '(120 - 15) * 0.2' }).result).toEqual({
      status: 'ok',
      data: { expression: '(120 - 15) * 0.2', result: 21 },
    });
    expect((world().call('calculate', { expression: '-2**2 + 7//2 + 7 % -3' }).result.data as { result: number }).result).toBe(-3);
    expect(world().call('calculate', { expression: 'import os' }).result).toEqual({
      status: 'rejected',
      reason: 'invalid_expression',
      expression: 'import os',
    });
    expect(world().call('calculate', { expression: '1/0' }).result.reason).toBe('invalid_expression');
  });
});

describe('createWorld: world states', () => {
  it('entity missing: everything is not found, naming the references', () => {
    const missing = world({ world_state: 'entity missing' });
    expect(missing.call('get_order', { order_id: 'ORD-1042' }).result).toEqual({ status: 'not_found', missing: ['ORD-1042'] });
    expect(missing.call('search_products', { query: 'lamp' }).result).toEqual({ status: 'not_found', missing: ['entity'] });
  });

  it('entity already acted on: actions are already done, reads still answer', () => {
    const done = world({ world_state: 'entity already acted on' });
    expect(done.call('cancel_order', { order_id: 'ORD-1042' }).result).toEqual({ status: 'already_done', reason: 'already_acted_on' });
    const read = done.call('get_order', { order_id: 'ORD-1042' }).result;
    expect(read.status).toBe('ok');
    // Done: an order that had not shipped was cancelled, one that had was completed; the note says when.
    expect(['completed', 'cancelled']).toContain((read.data as Record<string, unknown>).status);
    expect((read.data as Record<string, unknown>).note).toMatch(/already carried out on \d{4}-\d{2}-\d{2}/);
  });

  it('entity exists: even ids the world never heard of exist, until deleted', () => {
    const [unknown] = unknownIds(7, 1);
    const exists = world({ world_state: 'entity exists' });
    expect(exists.call('get_order', { order_id: unknown! }).result.status).toBe('ok');
  });

  it('duplicate entity: a lookup returns two candidates and an action is ambiguous', () => {
    const duplicate = world({ world_state: 'duplicate entity' });
    const read = duplicate.call('get_order', { order_id: 'ORD-1042' }).result;
    const data = read.data as { count: number; items: Array<Record<string, unknown>> };
    expect(data.count).toBe(2);
    expect(data.items.map((item) => item.order_id)).toEqual(['ORD-1042', 'ORD-1042']);
    expect(data.items[0]!.record_id).not.toBe(data.items[1]!.record_id);
    expect(duplicate.call('cancel_order', { order_id: 'ORD-1042' }).result).toMatchObject({
      status: 'rejected',
      reason: 'ambiguous_reference',
    });
  });

  it('partially completed: the record shows a half-done action', () => {
    const read = world({ world_state: 'partially completed' }).call('get_order', { order_id: 'ORD-1042' }).result;
    expect(read.data).toMatchObject({ status: 'in_progress' });
    expect(String((read.data as Record<string, unknown>).note)).toContain('not finished');
  });
});

describe('createWorld: scheduled faults', () => {
  const always = (mode: FaultPlan['mode']): Record<string, FaultPlan> => ({ '*': { mode, rate: 1 } });

  it('fires every time at rate 1, with the mode payloads, before any other rule', () => {
    expect(world({ faults: always('timeout') }).call('get_order', { order_id: '<order id>' })).toEqual({
      result: { status: 'timeout', error: 'request timed out' },
      fault: 'timeout',
    });
    expect(world({ faults: always('malformed') }).call('get_order', { order_id: 'ORD-1042' })).toEqual({
      result: { status: 'ok', data: '<<garbled resp0nse' },
      fault: 'malformed',
    });
    const stale = world({ faults: always('stale') }).call('get_order', { order_id: 'ORD-1042' });
    expect(stale.fault).toBe('stale');
    expect(stale.result).toMatchObject({ status: 'ok', stale: true, as_of: '3 days ago' });
    expect((stale.result.data as { result: string }).result).toMatch(/^[0-9a-f]{12}$/);
    expect(world({ faults: always('permission_denied') }).call('cancel_order', { order_id: 'ORD-1042' })).toEqual({
      result: { status: 'permission_denied' },
      fault: 'permission_denied',
    });
  });

  it('never fires at rate 0, and a tool plan wins over *', () => {
    const quiet = world({ faults: { '*': { mode: 'timeout', rate: 0 } } });
    for (let index = 0; index < 20; index++) expect(quiet.call('get_order', { order_id: `ORD-${1000 + index}` }).fault).toBeNull();
    const targeted = world({ faults: { '*': { mode: 'timeout', rate: 0 }, cancel_order: { mode: 'permission_denied', rate: 1 } } });
    expect(targeted.call('cancel_order', { order_id: 'ORD-1042' }).fault).toBe('permission_denied');
    expect(targeted.call('get_order', { order_id: 'ORD-1042' }).fault).toBeNull();
  });

  it('fires on about the rate share of distinct calls, the same verdict for the same call', () => {
    const half = world({ faults: { '*': { mode: 'timeout', rate: 0.5 } } });
    const verdicts = Array.from({ length: 300 }, (_, index) => half.call('get_order', { order_id: `ORD-${3000 + index}` }).fault !== null);
    const share = verdicts.filter(Boolean).length / verdicts.length;
    expect(share).toBeGreaterThan(0.4);
    expect(share).toBeLessThan(0.6);
    expect(half.call('get_order', { order_id: 'ORD-3000' }).fault !== null).toBe(verdicts[0]);
  });
});

describe('createWorld: determinism', () => {
  const script: Array<[string, Record<string, unknown>]> = [
    ['list_orders', { customer_email: 'maya@fastmail.com' }],
    ['get_order', { order_id: 'ORD-1042' }],
    ['issue_refund', { order_id: 'ORD-1042', amount: 20 }],
    ['search_products', { query: 'desk lamp' }],
    ['create_ticket', { subject: 'Lamp flickers', customer: { email: 'maya@fastmail.com' } }],
    ['get_order', { order_id: 'ORD-6120' }],
    ['get_order', { order_id: 'ORD-6121' }],
    ['get_order', { order_id: 'ORD-6122' }],
  ];
  const play = (seed: number) => {
    const here = world({ seed, faults: { '*': { mode: 'stale', rate: 0.3 } } });
    return JSON.stringify(script.map(([tool, args]) => here.call(tool, args)));
  };

  it('gives identical answers for the same seed and calls', () => {
    expect(play(21)).toBe(play(21));
  });

  it('gives different answers for different seeds', () => {
    expect(play(21)).not.toBe(play(22));
  });

  it('answers with JSON-serialisable plain objects that carry a status', () => {
    const here = world();
    for (const [tool, args] of script) {
      const { result } = here.call(tool, args);
      expect(typeof result.status).toBe('string');
      expect(JSON.parse(JSON.stringify(result))).toEqual(result);
    }
  });
});
