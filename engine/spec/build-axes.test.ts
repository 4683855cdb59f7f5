import { describe, expect, it } from 'vitest';
import { AXES, AxisValues, HISTORIES, STANCES, TOOL_CONDITIONS, WORLD_STATES } from '../../shared/domain';
import { AxisOverrideError } from './axis-override-error';
import { buildAxes, buildAxesReport, replaceAxis } from './build-axes';

const getOrder = {
  name: 'get_order',
  description: 'Look up an order by id.',
  parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
};

function pairsPlanned(axes: AxisValues): number {
  const sizes = AXES.map((axis) => axes[axis].length);
  let total = 0;
  for (let first = 0; first < sizes.length; first++) {
    for (let second = first + 1; second < sizes.length; second++) total += sizes[first]! * sizes[second]!;
  }
  return total;
}

describe('buildAxes', () => {
  it('reproduces the docs worked example: 381 pairs for get_order and one rule', () => {
    const axes = buildAxes({ tools: [getOrder], system_prompt: 'Help customers with orders.' });
    expect(axes).toEqual({
      tool: ['get_order', 'unrelated', 'multi_tool'],
      rule: ['Help customers with orders.', 'unspecified'],
      stance: [...STANCES],
      world_state: [...WORLD_STATES],
      tool_condition: [...TOOL_CONDITIONS],
      history: [...HISTORIES],
    });
    expect(AXES.map((axis) => axes[axis].length)).toEqual([3, 2, 10, 6, 5, 5]);
    expect(pairsPlanned(axes)).toBe(381);
    expect(AxisValues.parse(axes)).toEqual(axes);
  });

  it('leaves world_state unspecified when no tool looks a record up', () => {
    const search = { name: 'search_products', description: '', parameters: { type: 'object', properties: { query: { type: 'string' } } } };
    expect(buildAxes({ tools: [search] }).world_state).toEqual(['unspecified']);
  });

  it('finds id-like keys inside object parameters', () => {
    const nested = {
      name: 'update_profile',
      description: '',
      parameters: { type: 'object', properties: { target: { type: 'object', properties: { customer_ref: { type: 'string' } } } } },
    };
    expect(buildAxes({ tools: [nested] }).world_state).toEqual([...WORLD_STATES]);
  });

  it('gives a rule-free policy the single value unspecified', () => {
    expect(buildAxes({ tools: [], system_prompt: '' }).rule).toEqual(['unspecified']);
    expect(buildAxes({ tools: [] }).tool).toEqual(['unrelated', 'multi_tool']);
  });

  it('reads policy_rules when there is no system prompt', () => {
    expect(buildAxes({ tools: [], policy_rules: ['Verify identity before any change.', 'Never guess an account number.'] }).rule).toEqual([
      'Verify identity before any change.',
      'Never guess an account number.',
      'unspecified',
    ]);
  });

  it('accepts OpenAI-wrapped tools and dedupes names', () => {
    const wrapped = { type: 'function', function: getOrder };
    expect(buildAxes({ tools: [wrapped, getOrder] }).tool).toEqual(['get_order', 'unrelated', 'multi_tool']);
  });

  it('caps the rule axis at 16 clauses and says so', () => {
    const policy = Array.from({ length: 23 }, (_, index) => `- Rule ${index + 1} must always hold.`).join('\n');
    const report = buildAxesReport({ tools: [], system_prompt: policy });
    expect(report.axes.rule).toHaveLength(17);
    expect(report.axes.rule.at(-1)).toBe('unspecified');
    expect(report.n_rules_total).toBe(23);
    expect(report.rules_truncated).toBe(true);
    expect(report.warnings[0]).toContain('rule axis capped (16 of 23 clauses)');
    expect(buildAxesReport({ tools: [], system_prompt: policy }, { rule_cap: null }).axes.rule).toHaveLength(24);
  });

  it('replaces one axis through dimensions and keeps the rest', () => {
    const axes = buildAxes(
      { tools: [getOrder], system_prompt: 'Help customers with orders.' },
      { dimensions: { stance: ['adversarial', 'boundary'] } },
    );
    expect(axes.stance).toEqual(['adversarial', 'boundary']);
    expect(axes.tool).toEqual(['get_order', 'unrelated', 'multi_tool']);
  });
});

describe('replaceAxis', () => {
  const axes = buildAxes({ tools: [getOrder], system_prompt: 'Help customers with orders.' });

  it('refuses an unknown axis and names the axes', () => {
    expect(() => replaceAxis(axes, { tier: ['hard'] })).toThrowError(
      /not a coverage axis.*Axes: tool, rule, stance, world_state, tool_condition, history.*stance axis/,
    );
    try {
      replaceAxis(axes, { mood: ['x'] });
    } catch (error) {
      expect(AxisOverrideError.isInstance(error)).toBe(true);
    }
  });

  it('refuses an empty list and names the axes', () => {
    expect(() => replaceAxis(axes, { history: [] })).toThrowError(/non-empty list.*Axes: tool, rule/);
    expect(() => replaceAxis(axes, { history: ['  '] })).toThrowError(AxisOverrideError);
  });

  it('refuses stances the people layer does not know, and accepts its aliases', () => {
    expect(() => replaceAxis(axes, { stance: ['grumpy'] })).toThrowError(/"grumpy".*Known stances: adversarial/);
    expect(replaceAxis(axes, { stance: ['forbidden', 'vague'] }).stance).toEqual(['forbidden', 'vague']);
  });

  it('dedupes values and leaves the input untouched', () => {
    const replaced = replaceAxis(axes, { tool_condition: ['timeout', 'timeout', 'success'] });
    expect(replaced.tool_condition).toEqual(['timeout', 'success']);
    expect(axes.tool_condition).toEqual([...TOOL_CONDITIONS]);
  });
});
