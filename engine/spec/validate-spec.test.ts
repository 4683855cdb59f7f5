import { describe, expect, it } from 'vitest';
import { buildAxes } from './build-axes';
import { draftSpec } from './draft-spec';
import { validateSpec } from './validate-spec';

function baseSpec() {
  const tools = [
    {
      name: 'get_order',
      description: 'Look up an order. Orders on file: ORD-10417, ORD-10418.',
      parameters: { type: 'object', properties: { order_id: { type: 'string', description: 'The order.' } }, required: ['order_id'] },
    },
    {
      name: 'issue_refund',
      description: 'Refund an order.',
      parameters: {
        type: 'object',
        properties: { order_id: { type: 'string' }, amount: { type: 'number', description: 'Dollars.' } },
        required: ['order_id', 'amount'],
      },
    },
  ];
  const system_prompt = 'You are a store assistant.\n\n1. Never invent an order number.\n2. Confirm the amount before a refund.';
  return {
    name: 'Store assistant',
    domain: 'retail_orders',
    system_prompt,
    policy_rules: ['Never invent an order number.', 'Confirm the amount before a refund.'],
    tools,
    result_shapes: { get_order: { order_id: 'ORD-10417', status: 'delivered' }, issue_refund: { order_id: 'ORD-10417', amount: 5 } },
    known_ids: ['ORD-10417', 'ORD-10418'],
    axes: buildAxes({ tools, system_prompt }),
  };
}

describe('validateSpec', () => {
  it('accepts a well-formed spec and fills zod defaults', () => {
    const result = validateSpec(baseSpec());
    expect(result.ok).toBe(true);
    expect(result.warnings).toEqual([]);
    if (result.ok) expect(result.spec.tools).toHaveLength(2);
  });

  it('names the field of an invalid JSON Schema type', () => {
    const spec = baseSpec();
    (spec.tools[1]!.parameters.properties as Record<string, unknown>).amount = { type: 'money' };
    const result = validateSpec(spec);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issues).toHaveLength(1);
      expect(result.issues[0]!.path).toBe('tools.1.parameters.properties.amount.type');
      expect(result.issues[0]!.message).toBe(
        'not a valid JSON Schema: "money" must be one of array, boolean, integer, null, number, object, string',
      );
    }
  });

  it('names other schema mistakes too: a non-array required, a non-numeric minimum', () => {
    const spec = baseSpec();
    spec.tools[0]!.parameters = {
      type: 'object',
      properties: { order_id: { type: 'string', minLength: 'three' } },
      required: 'order_id',
    } as never;
    const result = validateSpec(spec);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issues.map((issue) => issue.path).sort()).toEqual([
        'tools.0.parameters.properties.order_id.minLength',
        'tools.0.parameters.required',
      ]);
    }
  });

  it('reports a schema that validates but cannot compile (an unresolvable $ref)', () => {
    const spec = baseSpec();
    spec.tools[0]!.parameters = { type: 'object', properties: { order_id: { $ref: '#/$defs/missing' } } } as never;
    const result = validateSpec(spec);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues[0]).toMatchObject({ path: 'tools.0.parameters', message: expect.stringMatching(/does not compile/) });
  });

  it('passes zod field paths through', () => {
    const spec = { ...baseSpec(), name: '' };
    const result = validateSpec(spec);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((issue) => issue.path)).toContain('name');
    const noObject = baseSpec();
    noObject.tools[0]!.parameters = { type: 'string' } as never;
    const second = validateSpec(noObject);
    if (!second.ok) expect(second.issues.map((issue) => issue.path)).toContain('tools.0.parameters');
  });

  it('refuses tool-axis values that are not declared tools, and unknown stances', () => {
    const spec = baseSpec();
    spec.axes = { ...spec.axes, tool: ['get_order', 'cancel_order', 'unrelated'], stance: ['ordinary', 'grumpy'] };
    const result = validateSpec(spec);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issues).toEqual([
        {
          path: 'axes.tool.1',
          message: expect.stringMatching(/"cancel_order" is not a declared tool: .*get_order, issue_refund, unrelated, multi_tool/),
        },
        { path: 'axes.stance.1', message: expect.stringMatching(/"grumpy" is not a stance/) },
      ]);
    }
  });

  it('warns when a lookup tool names no known id anywhere', () => {
    const spec = baseSpec();
    spec.tools[0]!.description = 'Look up an order.';
    spec.known_ids = [];
    const result = validateSpec(spec);
    expect(result.ok).toBe(true);
    expect(result.warnings.map((warning) => warning.path)).toEqual(['tools.0', 'tools.1']);
    expect(result.warnings[0]!.message).toMatch(/order_id.*"not found"/);
  });

  it('warns about missing result shapes, undeclared required keys and world states no tool can reach', () => {
    const spec = baseSpec();
    spec.result_shapes = { get_order: { order_id: 'ORD-10417' } } as never;
    (spec.tools[1]!.parameters.required as string[]).push('reason');
    const result = validateSpec(spec);
    expect(result.warnings.map((warning) => warning.path)).toEqual(['tools.1.parameters.required', 'result_shapes.issue_refund']);
    const noLookups = baseSpec();
    noLookups.tools = noLookups.tools.map((tool) => ({
      ...tool,
      parameters: { type: 'object', properties: { query: { type: 'string' } } },
    })) as never;
    expect(validateSpec(noLookups).warnings.map((warning) => warning.path)).toContain('axes.world_state');
  });

  it('accepts every drafted spec', () => {
    const { spec } = draftSpec('an insurance claims assistant that never promises a payout', { seed: 9 });
    expect(validateSpec(spec)).toMatchObject({ ok: true, warnings: [] });
  });
});
