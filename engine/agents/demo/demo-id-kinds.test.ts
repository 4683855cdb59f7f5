import { describe, expect, it } from 'vitest';
import type { Row } from '../../../shared/domain';
import { stableJson } from '../../seeded';
import { offlineComponents } from '../../simulate/offline-components';
import { simulate } from '../../simulate/simulate';
import { draftSpec } from '../../spec';
import { idKindsFor } from '../../world/id-kinds';
import { referenceValues } from '../../world/references';
import { planCall } from './arguments/demo-arguments';

// The first-day review's spec: accounts (ACC), payees (PAY) and transactions (TXN), each with its own prefix.
const { spec } = draftSpec('a personal finance assistant that confirms before it moves money', { seed: 7 });
const kinds = idKindsFor({ tools: spec.tools, result_shapes: spec.result_shapes });
const tool = (name: string) => spec.tools.find((candidate) => candidate.name === name)!;
const ACCOUNT = spec.known_ids.find((id) => id.startsWith('ACC-'))!;
const PAYEE = spec.known_ids.find((id) => id.startsWith('PAY-'))!;
const TRANSACTION = spec.known_ids.find((id) => id.startsWith('TXN-'))!;

describe('the demo agent fills an id parameter with an id of its kind', () => {
  it('passes the account id for account_id even when a transaction id comes first', () => {
    const planned = planCall(tool('get_account_balance'), [`About ${TRANSACTION}: what is the balance on ${ACCOUNT}?`], kinds);
    expect(planned.args).toEqual({ account_id: ACCOUNT });
  });

  it('gives each parameter its own kind: the payee id to payee_id, the account id to account_id', () => {
    const planned = planCall(tool('pay_bill'), [`Pay 40 dollars to ${PAYEE} from ${ACCOUNT} on 2026-12-01.`], kinds);
    expect(planned.args).toMatchObject({ account_id: ACCOUNT, payee_id: PAYEE });
  });

  it('asks for the account number instead of passing a transaction id as one', () => {
    const planned = planCall(tool('get_account_balance'), [`What's the balance? The reference is ${TRANSACTION}.`], kinds);
    expect(planned.args).toEqual({});
    expect(planned.missing).toEqual(['account_id']);
  });

  it('uses an id whose kind nothing says (an unprefixed number) as before', () => {
    expect(planCall(tool('get_account_balance'), ['Balance on 4417 please'], kinds).args).toEqual({ account_id: '4417' });
  });
});

async function offlineRows(concurrency: number): Promise<Row[]> {
  const rows: Row[] = [];
  const events = simulate({ spec, seed: 7, budget: 120, concurrency, ...offlineComponents(spec, { seed: 7 }) });
  for await (const event of events) if (event.type === 'row') rows.push(event.row);
  return rows;
}

describe('an offline run on the finance spec', () => {
  it('passes no id of the wrong kind, still calls tools with ids, and is the same at any concurrency', async () => {
    const rows = await offlineRows(1);
    const idArguments = rows.flatMap((row) =>
      row.messages.flatMap((message) =>
        message.role === 'assistant'
          ? (message.tool_calls ?? []).flatMap((call) =>
              referenceValues(call.arguments).map((reference) => ({ reference, tool: call.name })),
            )
          : [],
      ),
    );
    expect(idArguments.length).toBeGreaterThan(30);
    expect(idArguments.filter(({ reference, tool: name }) => kinds.isWrongKind(reference, name))).toEqual([]);
    expect(stableJson(await offlineRows(4))).toBe(stableJson(rows));
  });
});
