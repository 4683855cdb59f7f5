import { describe, expect, it } from 'vitest';
import { HISTORIES, STANCES, TOOL_CONDITIONS, WORLD_STATES, type AxisValues } from '../../shared/domain';
import { stableJson } from '../seeded';
import { keepFaultPlan, planGrid } from './plan-grid';

const axes: AxisValues = {
  tool: ['get_account', 'transfer_funds', 'list_transactions', 'unrelated', 'multi_tool'],
  rule: ['Confirm the amount before moving money.', 'Verify identity before account changes.', 'unspecified'],
  stance: [...STANCES],
  world_state: [...WORLD_STATES],
  tool_condition: [...TOOL_CONDITIONS],
  history: [...HISTORIES],
};

describe('planGrid', () => {
  it('is identical for the same seed and settings', () => {
    const options = { seed: 7, fault_rate: 0.5, prefer_success: true };
    expect(stableJson(planGrid(axes, options))).toBe(stableJson(planGrid(axes, options)));
  });

  it('without the success flip, plans every feasible pair of the six axes', () => {
    const plan = planGrid(axes, { seed: 1, fault_rate: 1, prefer_success: false });
    const sizes = Object.values(axes).map((values) => values.length);
    let allPairs = 0;
    for (let first = 0; first < sizes.length; first++)
      for (let second = first + 1; second < sizes.length; second++) allPairs += sizes[first]! * sizes[second]!;
    // `unrelated` never meets a world state other than the first, nor a fault.
    const infeasible = WORLD_STATES.length - 1 + (TOOL_CONDITIONS.length - 1);
    expect(plan.planned.size).toBe(allPairs - infeasible);
    expect(plan.flipped).toBe(0);
    for (const cell of plan.cells.filter((each) => each.dimensions.tool_condition !== 'success')) {
      expect(Object.values(cell.faults)[0]!.rate).toBe(1);
    }
  });

  it('flips about nine in ten fault cells to success on a cold start, keeping each condition kind', () => {
    const plan = planGrid(axes, { seed: 3, fault_rate: 1, prefer_success: true });
    const faulted = plan.cells.filter((cell) => cell.dimensions.tool_condition !== 'success');
    const kinds = new Set(faulted.map((cell) => cell.dimensions.tool_condition));
    expect(kinds.size).toBe(TOOL_CONDITIONS.length - 1);
    expect(faulted.length / plan.cells.length).toBeLessThan(0.25);
    for (const cell of faulted) expect(Object.keys(cell.faults)).toEqual(['*']);
  });

  it('schedules no fault at fault_rate 0 and marks every cell success', () => {
    const plan = planGrid(axes, { seed: 3, fault_rate: 0, prefer_success: false });
    expect(plan.cells.every((cell) => cell.dimensions.tool_condition === 'success' && Object.keys(cell.faults).length === 0)).toBe(true);
  });

  it('keeps a fault cell by its key alone, at the requested share', () => {
    const kept = Array.from({ length: 4000 }, (_, index) => keepFaultPlan(`sc-${index}`, 0.5, 9)).filter(Boolean).length;
    expect(kept / 4000).toBeGreaterThan(0.46);
    expect(kept / 4000).toBeLessThan(0.54);
    expect(keepFaultPlan('sc-1', 0, 9)).toBe(false);
    expect(keepFaultPlan('sc-1', 1, 9)).toBe(true);
  });
});
