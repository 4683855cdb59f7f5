import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AXES, HISTORIES, STANCES, TOOL_CONDITIONS, UNSPECIFIED, WORLD_STATES, type AxisValues } from '../../shared/domain';
import { stableJson } from '../seeded';
import { aimProblems } from './aim';
import { requiredTuples } from './covering-array';
import { forbiddenCombinations } from './grid-constraints';
import { pairsOf } from './pairwise-coverage';
import { planGrid, type GridOptions, type GridPlan } from './plan-grid';

const RULES = [
  'Confirm the amount before moving money.',
  'Verify identity before account changes.',
  'Never share another customer’s data.',
];
const axes: AxisValues = {
  tool: ['get_account', 'transfer_funds', 'list_transactions', 'unrelated', 'multi_tool'],
  rule: [...RULES, UNSPECIFIED],
  stance: [...STANCES],
  world_state: [...WORLD_STATES],
  tool_condition: [...TOOL_CONDITIONS],
  history: [...HISTORIES],
};
const NEW_RULE = 'Offer a callback when a transfer is delayed.';
const DEFAULTS: GridOptions = { seed: 5, fault_rate: 0.5, prefer_success: true };
const RL: GridOptions = { seed: 5, fault_rate: 0.8, prefer_success: false };

/** The plan's cells outside one rule's block, as comparable text, keyed by id. */
function cellsOutside(plan: GridPlan, rule: string): Map<string, string> {
  return new Map(plan.cells.filter((cell) => cell.dimensions.rule !== rule).map((cell) => [cell.scenario_id, stableJson(cell)]));
}

function withRules(rules: readonly string[]): AxisValues {
  return { ...axes, rule: [...rules, UNSPECIFIED] };
}

describe('planGrid in layers (a grid that survives a policy edit)', () => {
  it.each([
    ['the default fault settings', DEFAULTS],
    ['rl fault settings', RL],
  ])('adding a rule in the middle of the list leaves every other cell, its id and its faults as they were, under %s', (_, options) => {
    const before = planGrid(axes, options);
    const after = planGrid(withRules([RULES[0]!, NEW_RULE, ...RULES.slice(1)]), options);
    expect(cellsOutside(after, NEW_RULE)).toEqual(cellsOutside(before, NEW_RULE));
    const added = after.cells.filter((cell) => cell.dimensions.rule === NEW_RULE);
    expect(added.length).toBeGreaterThanOrEqual(STANCES.length);
    expect(after.cells.length).toBe(before.cells.length + added.length);
  });

  it('removing or rewording a rule changes only that rule’s block', () => {
    const before = planGrid(axes, DEFAULTS);
    const removed = planGrid(withRules([RULES[0]!, RULES[2]!]), DEFAULTS);
    expect(cellsOutside(removed, RULES[1]!)).toEqual(cellsOutside(before, RULES[1]!));
    const reworded = 'Verify the customer’s identity before any account change.';
    const edited = planGrid(withRules([RULES[0]!, reworded, RULES[2]!]), DEFAULTS);
    const untouched = [...cellsOutside(before, RULES[1]!)];
    expect([...cellsOutside(edited, reworded)]).toEqual(untouched);
  });

  it('puts a rule-free block on `unspecified` and gives each rule every value of every other axis it can meet', () => {
    const plan = planGrid(axes, { seed: 2, fault_rate: 1, prefer_success: false });
    expect(plan.cells.some((cell) => cell.dimensions.rule === UNSPECIFIED)).toBe(true);
    for (const rule of RULES) {
      for (const axis of AXES.filter((each) => each !== 'rule')) {
        for (const value of axes[axis]) expect(plan.planned.has(pairsOf({ rule, [axis]: value })[0]!), `${rule} × ${value}`).toBe(true);
      }
    }
    for (const cell of plan.cells) expect(aimProblems(axes, cell.dimensions)).toEqual([]);
  });

  it('at strength 3 a rule block covers every pair of the other axes beside its rule, and still survives an edit', () => {
    const small: AxisValues = {
      ...axes,
      tool: ['get_account', 'unrelated'],
      stance: ['ordinary', 'adversarial', 'hurried'],
      rule: [RULES[0]!, UNSPECIFIED],
    };
    const options = { seed: 1, fault_rate: 1, prefer_success: false, strength: 3 as const };
    const plan = planGrid(small, options);
    const block = plan.cells.filter((cell) => cell.dimensions.rule === RULES[0]);
    const planned = new Set(block.flatMap((cell) => pairsOf({ ...cell.dimensions, rule: '' })));
    const ruleFree = [...planGrid({ ...small, rule: [UNSPECIFIED] }, options).planned].filter((pair) => !pair.includes('rule='));
    for (const pair of ruleFree) expect(planned.has(pair), pair).toBe(true);
    const grown = planGrid({ ...small, rule: [RULES[0]!, NEW_RULE, UNSPECIFIED] }, options);
    expect(cellsOutside(grown, NEW_RULE)).toEqual(cellsOutside(plan, NEW_RULE));
  });

  it('for any axes and any added rule, every other cell stays and every feasible pair is planned', () => {
    const subset = <T>(values: readonly T[]) => fc.shuffledSubarray([...values], { minLength: 1 });
    fc.assert(
      fc.property(
        fc.record({
          tool: fc.shuffledSubarray(axes.tool, { minLength: 1 }),
          rules: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 4 }),
          stance: subset(STANCES),
          world_state: subset(WORLD_STATES),
          tool_condition: subset(TOOL_CONDITIONS),
          history: subset(HISTORIES),
        }),
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.nat(1000),
        ({ rules, ...rest }, added, seed) => {
          fc.pre(!rules.includes(added) && added !== UNSPECIFIED && !rules.includes(UNSPECIFIED));
          const base: AxisValues = { ...rest, rule: [...rules, UNSPECIFIED] };
          const options = { seed, fault_rate: 1, prefer_success: false };
          const plan = planGrid(base, options);
          const grown = planGrid({ ...base, rule: [added, ...base.rule] }, options);
          expect(cellsOutside(grown, added)).toEqual(cellsOutside(plan, added));
          const required = requiredTuples(
            AXES.map((axis) => ({ name: axis, values: base[axis] })),
            { forbidden: forbiddenCombinations(base) },
          );
          expect([...plan.planned].sort()).toEqual(required.map((tuple) => pairsOf(tuple)[0]!).sort());
        },
      ),
      { numRuns: 30, seed: 20 },
    );
  });
});
