import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../shared/domain';
import { draftSpec } from '../spec';
import { createWorld } from './create-world';
import { IdKinds, idPrefix } from './id-kinds';

// The first-day review's spec: "a personal finance assistant that confirms before it moves money", seed 7.
const { spec } = draftSpec('a personal finance assistant that confirms before it moves money', { seed: 7 });

function financeWorld(seed = 7, world_state = 'unknown') {
  return createWorld({ seed, tools: spec.tools, world_state, faults: {}, known_ids: spec.known_ids, result_shapes: spec.result_shapes });
}

const ACCOUNT_IDS = spec.known_ids.filter((id) => id.startsWith('ACC-'));
const OTHER_IDS = spec.known_ids.filter((id) => !id.startsWith('ACC-'));

describe('the world answers an id of another kind as not found', () => {
  it('drafts accounts, payees and transactions with their own prefixes (the data this test stands on)', () => {
    expect(ACCOUNT_IDS.length).toBeGreaterThan(0);
    expect(OTHER_IDS.some((id) => id.startsWith('PAY-'))).toBe(true);
    expect(OTHER_IDS.some((id) => id.startsWith('TXN-'))).toBe(true);
  });

  it("refuses a transaction id as account_id, the review's call, and still reads an account", () => {
    const world = financeWorld();
    expect(world.call('get_account_balance', { account_id: 'TXN-125495' })).toEqual({
      result: { status: 'not_found', missing: ['TXN-125495'] },
      fault: null,
    });
    for (const id of ACCOUNT_IDS) expect(world.call('get_account_balance', { account_id: id }).result.status).toBe('ok');
  });

  it('answers every known payee or transaction id not found on every account argument, at any seed and world state', () => {
    for (const seed of [0, 7, 41]) {
      for (const state of ['unknown', 'entity exists', 'duplicate entity', 'partially completed']) {
        const world = financeWorld(seed, state);
        for (const id of [...OTHER_IDS, 'TXN-125495', 'pay-8123']) {
          expect(world.call('get_account_balance', { account_id: id }).result).toEqual({ status: 'not_found', missing: [id] });
          expect(world.call('list_transactions', { account_id: id }).result.status).toBe('not_found');
          const transfer = world.call('transfer_funds', { from_account_id: ACCOUNT_IDS[0]!, to_account_id: id, amount: 20 });
          expect(transfer.result).toEqual({ status: 'not_found', missing: [id] });
        }
      }
    }
  });

  it('does not let a transaction id the world itself listed stand in for an account', () => {
    const world = financeWorld();
    const listed = world.call('list_transactions', { account_id: ACCOUNT_IDS[0]! }).result;
    expect(listed.status).toBe('ok');
    const transactionIds = JSON.stringify(listed).match(/TXN-\d+/g) ?? [];
    expect(transactionIds.length).toBeGreaterThan(0);
    for (const id of transactionIds) expect(world.call('get_account_balance', { account_id: id }).result.status).toBe('not_found');
  });

  it('pays a saved payee but not an account given as the payee', () => {
    const world = financeWorld();
    const payee = OTHER_IDS.find((id) => id.startsWith('PAY-'))!;
    expect(world.call('pay_bill', { account_id: ACCOUNT_IDS[0]!, payee_id: payee, amount: 40 }).result.status).toBe('ok');
    expect(world.call('pay_bill', { account_id: ACCOUNT_IDS[0]!, payee_id: ACCOUNT_IDS[1]!, amount: 40 }).result).toEqual({
      status: 'not_found',
      missing: [ACCOUNT_IDS[1]],
    });
  });

  it('keeps judging unknown ids of the right kind, and unprefixed ids, by existence (about 7 in 10 exist)', () => {
    const world = financeWorld();
    const statuses = Array.from(
      { length: 200 },
      (_, index) => world.call('get_account_balance', { account_id: `ACC-${5000 + index}` }).result.status,
    );
    const found = statuses.filter((status) => status === 'ok').length;
    expect(found).toBeGreaterThan(110);
    expect(found).toBeLessThan(170);
    expect(statuses.filter((status) => status !== 'ok').every((status) => status === 'not_found')).toBe(true);
    const plain = Array.from(
      { length: 100 },
      (_, index) => world.call('get_account_balance', { account_id: String(70000 + index) }).result.status,
    );
    expect(plain.filter((status) => status === 'ok').length).toBeGreaterThan(50);
  });

  it('answers the same calls the same way (determinism)', () => {
    const calls: [string, Record<string, unknown>][] = [
      ['get_account_balance', { account_id: 'TXN-125495' }],
      ['list_transactions', { account_id: ACCOUNT_IDS[0]! }],
      ['get_account_balance', { account_id: 'ACC-7777' }],
    ];
    const run = () => {
      const world = financeWorld(3);
      return calls.map(([tool, args]) => world.call(tool, args));
    };
    expect(run()).toEqual(run());
  });
});

describe('IdKinds: which kind each id prefix names', () => {
  const tools: ToolSpec[] = [
    {
      name: 'get_order',
      description: 'Look an order up. Orders on file: ORD-1042, ORD-2231.',
      parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
    },
    {
      name: 'refund_payment',
      description: 'Refund a payment.',
      parameters: {
        type: 'object',
        properties: { payment_id: { type: 'string', description: 'The payment, for example PMT-55120.' }, merchant_id: { type: 'string' } },
        required: ['payment_id'],
      },
    },
  ];
  const kinds = new IdKinds({ tools, result_shapes: { get_order: { order_id: 'ORD-1042', lines: [{ sku: 'SKU-10021' }] } } });
  const wrong = (key: string, value: string, tool = 'get_order') => kinds.isWrongKind({ key, path: key, value }, tool);

  it('reads prefixes from tool descriptions, parameter descriptions and result examples', () => {
    expect(wrong('order_id', 'PMT-55120')).toBe(true);
    expect(wrong('payment_id', 'ORD-1042', 'refund_payment')).toBe(true);
    expect(wrong('order_id', 'ord-9999')).toBe(false);
    expect(wrong('order_id', '#ORD-9999')).toBe(false);
  });

  it('leaves alone ids with an unlearned prefix, unprefixed ids, names and kinds that have no ids of their own', () => {
    expect(wrong('order_id', 'INV-20931')).toBe(false);
    expect(wrong('order_id', '1042')).toBe(false);
    expect(wrong('name', 'PMT-55120')).toBe(false);
    expect(wrong('merchant_id', 'ORD-1042', 'refund_payment')).toBe(false);
  });

  it('takes a prefix from ids like ACC-2333, txn_125495 and ORD1042 only', () => {
    expect([idPrefix('ACC-2333'), idPrefix('txn_125495'), idPrefix('ORD1042'), idPrefix('order 12'), idPrefix('A-12')]).toEqual([
      'ACC',
      'TXN',
      'ORD',
      undefined,
      undefined,
    ]);
  });
});
