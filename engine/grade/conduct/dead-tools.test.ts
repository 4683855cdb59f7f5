import { describe, expect, it } from 'vitest';
import { fixtureRow, ORDER_A1001, TIMEOUT, type FixtureCall } from './__fixtures__/conversation';
import { deadTools, toolOutcomes } from './dead-tools';

function rowsWith(calls: FixtureCall[], planned = false) {
  return calls.map((call, index) =>
    fixtureRow(
      `dead-${index}`,
      [{ user: 'check order A-1001' }, { agent: '', calls: [call] }, { agent: 'Sorry, that did not work.' }],
      planned ? { faults: { '*': { mode: 'timeout', rate: 1 } } } : {},
    ),
  );
}

const miss: FixtureCall = { tool: 'get_order', args: { order_id: 'A-1001' }, result: { status: 'not_found', missing: ['A-1001'] } };
const hit: FixtureCall = { tool: 'get_order', args: { order_id: 'A-1001' }, result: ORDER_A1001 };

describe('deadTools', () => {
  it('needs nine straight misses before calling a tool dead (Wilson upper bound < 0.30)', () => {
    expect(deadTools(rowsWith(Array(8).fill(miss)))).toEqual([]);
    expect(deadTools(rowsWith(Array(9).fill(miss)))).toEqual([{ tool: 'get_order', n: 9, ok: 0, injected: 0, evidence: 9, upper: 0.2992 }]);
  });

  it('calls 1 of 21 dead and 2 of 5 alive', () => {
    expect(deadTools(rowsWith([hit, ...Array(20).fill(miss)])).map((tool) => tool.tool)).toEqual(['get_order']);
    expect(deadTools(rowsWith([hit, hit, miss, miss, miss]))).toEqual([]);
  });

  it('does not count faults the run injected as evidence against the tool', () => {
    const timeouts: FixtureCall = { ...miss, result: TIMEOUT, fault: 'timeout' };
    const rows = rowsWith(Array(12).fill(timeouts), true);
    expect(toolOutcomes(rows)).toEqual([{ tool: 'get_order', n: 12, ok: 0, injected: 12 }]);
    expect(deadTools(rows)).toEqual([]);
  });
});
