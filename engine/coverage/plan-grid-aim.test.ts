import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AXES, HISTORIES, STANCES, TOOL_CONDITIONS, WORLD_STATES, type AxisValues, type Dimensions } from '../../shared/domain';
import { stableJson } from '../seeded';
import { aimProblems } from './aim';
import { AimError } from './aim-error';
import { pairsOf } from './pairwise-coverage';
import { planGrid } from './plan-grid';

const axes: AxisValues = {
  tool: ['get_account', 'transfer_funds', 'list_transactions', 'unrelated', 'multi_tool'],
  rule: ['Confirm the amount before moving money.', 'Verify identity before account changes.', 'unspecified'],
  stance: [...STANCES],
  world_state: [...WORLD_STATES],
  tool_condition: [...TOOL_CONDITIONS],
  history: [...HISTORIES],
};

/** Every pair of values of two different axes that are not aimed, as pairsOf keys. */
function pairsAmongOthers(aim: Partial<Dimensions>): string[] {
  const others = AXES.filter((axis) => aim[axis] === undefined);
  const pairs: string[] = [];
  for (let first = 0; first < others.length; first++) {
    for (let second = first + 1; second < others.length; second++) {
      for (const a of axes[others[first]!])
        for (const b of axes[others[second]!]) pairs.push(pairsOf({ [others[first]!]: a, [others[second]!]: b })[0]!);
    }
  }
  return pairs;
}

describe('planGrid with an aim ("fill this cell")', () => {
  const aim = { tool: 'transfer_funds', stance: 'hurried' };

  it('puts the aimed values in every cell and still covers every pair of the other axes', () => {
    const plan = planGrid(axes, { seed: 4, fault_rate: 1, prefer_success: false, aim });
    expect(plan.cells.length).toBeGreaterThan(0);
    for (const cell of plan.cells) expect(cell.dimensions).toMatchObject(aim);
    for (const pair of pairsAmongOthers(aim)) expect(plan.planned.has(pair), pair).toBe(true);
    // Each aimed value meets every value of every other axis.
    for (const axis of AXES.filter((each) => !(each in aim))) {
      for (const value of axes[axis])
        expect(plan.planned.has(pairsOf({ stance: 'hurried', [axis]: value })[0]!), `${axis}=${value}`).toBe(true);
    }
    expect(plan.aim).toEqual(aim);
  });

  it('is far smaller than the whole grid, and the same for the same seed', () => {
    const whole = planGrid(axes, { seed: 4, fault_rate: 0.5, prefer_success: true });
    const aimed = planGrid(axes, { seed: 4, fault_rate: 0.5, prefer_success: true, aim });
    expect(aimed.cells.length).toBeLessThan(whole.cells.length);
    expect(stableJson(planGrid(axes, { seed: 4, fault_rate: 0.5, prefer_success: true, aim }))).toBe(stableJson(aimed));
  });

  it('leaves the unaimed plan exactly as it was', () => {
    const options = { seed: 9, fault_rate: 0.5, prefer_success: true };
    expect(stableJson(planGrid(axes, { ...options, aim: {} }))).toBe(stableJson(planGrid(axes, options)));
  });

  it('keeps an aimed fault in every cell, even on a cold start at a low fault rate', () => {
    const plan = planGrid(axes, {
      seed: 2,
      fault_rate: 0.1,
      prefer_success: true,
      aim: { tool_condition: 'timeout', history: 'prior_failure' },
    });
    expect(plan.flipped).toBe(0);
    for (const cell of plan.cells) {
      expect(cell.dimensions).toMatchObject({ tool_condition: 'timeout', history: 'prior_failure' });
      expect(cell.faults).toEqual({ '*': { mode: 'timeout', rate: 1 } });
      expect(cell.dimensions.tool).not.toBe('unrelated');
    }
  });

  it('still flips faults on the axes the aim leaves open', () => {
    const plan = planGrid(axes, { seed: 3, fault_rate: 1, prefer_success: true, aim: { stance: 'adversarial' } });
    const faulted = plan.cells.filter((cell) => cell.dimensions.tool_condition !== 'success');
    expect(plan.flipped).toBeGreaterThan(0);
    expect(faulted.length / plan.cells.length).toBeLessThan(0.5);
  });

  it('refuses a value the axis lacks and a pair that never occurs, naming the axes', () => {
    expect(() => planGrid(axes, { seed: 1, fault_rate: 0.5, prefer_success: true, aim: { stance: 'furious' } })).toThrow(
      /stance "furious" is not a value/,
    );
    const never = { tool: 'unrelated', world_state: 'entity missing' };
    expect(aimProblems(axes, never)).toEqual([
      'tool "unrelated" never meets world_state "entity missing": an unrelated ask touches no record and calls no tool',
    ]);
    try {
      planGrid(axes, { seed: 1, fault_rate: 0.5, prefer_success: true, aim: never });
      expect.unreachable();
    } catch (error) {
      expect(AimError.isInstance(error)).toBe(true);
    }
    expect(aimProblems(axes, { tool: 'unrelated', world_state: 'entity exists' })).toEqual([]);
  });

  it('for any aim of one or two feasible values, every cell carries it and all pairs of the other axes are planned', () => {
    const axisValue = fc.constantFrom(...AXES).chain((axis) => fc.constantFrom(...axes[axis]).map((value) => [axis, value] as const));
    fc.assert(
      fc.property(fc.uniqueArray(axisValue, { minLength: 1, maxLength: 2, selector: ([axis]) => axis }), fc.nat(1000), (entries, seed) => {
        const aimed: Partial<Dimensions> = Object.fromEntries(entries);
        fc.pre(aimProblems(axes, aimed).length === 0);
        const plan = planGrid(axes, { seed, fault_rate: 1, prefer_success: false, aim: aimed });
        for (const cell of plan.cells) expect(cell.dimensions).toMatchObject(aimed);
        for (const pair of pairsAmongOthers(aimed)) {
          // A pair that cannot occur beside the aim (an unrelated ask with a fault, say) is never planned.
          const values = Object.fromEntries(pair.split('\u001f').map((item) => item.split('=') as [string, string]));
          const possible = aimProblems(axes, { ...aimed, ...values }).length === 0;
          expect(plan.planned.has(pair), pair).toBe(possible);
        }
      }),
      { numRuns: 25, seed: 11 },
    );
  });
});
