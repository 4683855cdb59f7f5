import { describe, expect, it } from 'vitest';
import { HISTORIES, STANCES, TOOL_CONDITIONS, WORLD_STATES, type AxisValues } from '../../shared/domain';
import { UNRELATED_REASON } from './grid-constraints';
import { planGrid, type GridOptions } from './plan-grid';
import { pairsAccounting } from './plan-grid-pairs';

const axes: AxisValues = {
  tool: ['get_order', 'refund_order', 'unrelated', 'multi_tool'],
  rule: ['Refund only after the customer confirms the order.', 'Never invent an order number.', 'unspecified'],
  stance: [...STANCES],
  world_state: [...WORLD_STATES],
  tool_condition: [...TOOL_CONDITIONS],
  history: [...HISTORIES],
};
// 4*3 + 4*10 + 4*6 + 4*5 + 4*5 + 3*10 + 3*6 + 3*5 + 3*5 + 10*6 + 10*5 + 10*5 + 6*5 + 6*5 + 5*5
const ALL_PAIRS = 439;

function accounting(options: GridOptions) {
  return pairsAccounting(axes, planGrid(axes, options), options);
}

describe('pairsAccounting', () => {
  it('says where every pair went: planned, impossible (and why), or flipped to success; they add up', () => {
    const options = { seed: 4, fault_rate: 0.5, prefer_success: true };
    const plan = planGrid(axes, options);
    const result = pairsAccounting(axes, plan, options);
    expect(result.pairs_possible).toBe(ALL_PAIRS);
    expect(result.pairs_planned).toBe(plan.planned.size);
    // `unrelated` never meets a world state but the first, nor a tool fault.
    expect(result.pairs_impossible).toBe(WORLD_STATES.length - 1 + TOOL_CONDITIONS.length - 1);
    expect(result.impossible).toEqual([
      {
        reason: UNRELATED_REASON,
        pairs: [
          ...WORLD_STATES.slice(1).map((state) => ({ tool: 'unrelated', world_state: state })),
          ...TOOL_CONDITIONS.slice(1).map((condition) => ({ tool: 'unrelated', tool_condition: condition })),
        ],
      },
    ]);
    expect(result.pairs_outside_aim).toBe(0);
    expect(result.pairs_flipped).toBeGreaterThan(0);
    expect(result.pairs_planned + result.pairs_impossible + result.pairs_flipped).toBe(ALL_PAIRS);
    expect(result).toMatchObject({ fault_rate: 0.5, prefer_success: true });
    expect(result.notes).toEqual([
      '9 pairs can never occur, because an unrelated ask touches no record and calls no tool: tool "unrelated" with world_state ' +
        '"entity missing", "entity already acted on", "duplicate entity", "partially completed" or "unknown"; tool "unrelated" with ' +
        'tool_condition "timeout", "malformed_result", "stale_result" or "permission_denied".',
      `${result.pairs_flipped} pairs need a tool fault, and every cell that carried one was flipped to success: the cold start keeps ` +
        'about one fault cell in ten, and fault_rate 0.5 keeps 50% of those.',
    ]);
  });

  it('flips only pairs that carry a tool fault', () => {
    const plan = planGrid(axes, { seed: 4, fault_rate: 0.5, prefer_success: true });
    const feasible = planGrid(axes, { seed: 4, fault_rate: 1, prefer_success: false }).planned;
    const left = [...feasible].filter((pair) => !plan.planned.has(pair));
    expect(left.length).toBe(pairsAccounting(axes, plan, { fault_rate: 0.5, prefer_success: true }).pairs_flipped);
    for (const pair of left) expect(pair).toMatch(/tool_condition=(timeout|malformed_result|stale_result|permission_denied)/);
  });

  it('at fault rate 0 flips every fault pair, and without the flip plans every possible one', () => {
    const none = accounting({ seed: 1, fault_rate: 0, prefer_success: false });
    // Four faults, each with the 4 + 3 + 10 + 6 + 5 values of the other axes, less the four unrelated never meets.
    expect(none.pairs_flipped).toBe(4 * 28 - 4);
    const all = accounting({ seed: 1, fault_rate: 1, prefer_success: false });
    expect(all.pairs_flipped).toBe(0);
    expect(all.pairs_planned).toBe(ALL_PAIRS - all.pairs_impossible);
    expect(all.notes).toHaveLength(1);
  });

  it('in an aimed run counts the pairs the aim leaves out', () => {
    const options = { seed: 2, fault_rate: 1, prefer_success: false, aim: { tool: 'unrelated' } };
    const result = pairsAccounting(axes, planGrid(axes, options), options);
    // Every pair naming another tool, and every pair with a world state or fault that unrelated never meets.
    expect(result.pairs_outside_aim).toBeGreaterThan(3 * (3 + 10 + 6 + 5 + 5));
    expect(result.notes).toContain(`${result.pairs_outside_aim} pairs lie outside the aim: every planned cell carries the aimed values.`);
    expect(result.pairs_flipped).toBe(0);
    expect(result.pairs_planned + result.pairs_impossible + result.pairs_outside_aim).toBe(ALL_PAIRS);
  });
});
