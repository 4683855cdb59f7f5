import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../shared/domain';
import { draftSpec } from '../spec';
import { IdKinds, idKindsFor } from './id-kinds';
import { knownIdsFromTools } from './references';
import { idFormatFor, WorldCatalog } from './world-catalog';

const { spec } = draftSpec('a personal finance assistant that confirms before it moves money', { seed: 7 });
const knownIds = [...spec.known_ids, ...knownIdsFromTools(spec.tools)];
const kinds = idKindsFor({ tools: spec.tools, result_shapes: spec.result_shapes });

describe('how new ids of a kind are written', () => {
  it("takes the shape of that kind's actual ids: transactions are TXN ids with six digits, not made-up TRA ones", () => {
    const transaction = spec.known_ids.find((id) => id.startsWith('TXN-'))!;
    expect(idFormatFor('transaction', knownIds, kinds)).toEqual({ prefix: 'TXN', separator: '-', digits: transaction.length - 4 });
    expect(new WorldCatalog(spec.tools, knownIds, 7, kinds).idFormat('transaction')).toEqual(idFormatFor('transaction', knownIds, kinds));
    expect(idFormatFor('account', knownIds, kinds)).toMatchObject({ prefix: 'ACC', separator: '-' });
  });

  it("never borrows another kind's prefix because the noun starts with it (a payee's PA ids for payments)", () => {
    const tools: ToolSpec[] = [
      {
        name: 'get_payee',
        description: 'Look up a payee.',
        parameters: { type: 'object', properties: { payee_id: { type: 'string', description: 'e.g. PA-4254' } }, required: ['payee_id'] },
      },
      {
        name: 'get_payment',
        description: 'Look up a payment.',
        parameters: { type: 'object', properties: { payment_id: { type: 'string' } }, required: ['payment_id'] },
      },
    ];
    const payees = new IdKinds({ tools });
    expect(idFormatFor('payee', ['PA-4254'], payees)).toEqual({ prefix: 'PA', separator: '-', digits: 4 });
    expect(idFormatFor('payment', ['PA-4254'], payees)).toEqual({ prefix: 'PAY', separator: '-', digits: 5 });
    // Without id kinds the prefix of a known id that starts the noun is still taken, as before.
    expect(idFormatFor('payment', ['PA-4254'])).toEqual({ prefix: 'PA', separator: '-', digits: 4 });
  });

  it('falls back to the first letters of the noun, or REF, when no id says', () => {
    expect(idFormatFor('ticket', [], kinds)).toEqual({ prefix: 'TIC', separator: '-', digits: 5 });
    expect(idFormatFor('42', [])).toEqual({ prefix: 'REF', separator: '-', digits: 5 });
  });
});
