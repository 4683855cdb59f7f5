import { describe, expect, it } from 'vitest';
import { draftSpec } from '../spec/draft-spec';
import { askStance, coverageGap } from './coverage-gap';

const tool = (name: string, properties: Record<string, unknown>) => ({ name, description: '', parameters: { type: 'object', properties } });
const TOOLS = [
  tool('get_order', { order_id: { type: 'string' } }),
  tool('issue_refund', { order_id: { type: 'string' }, amount: { type: 'number' } }),
  tool('escalate_to_human', { summary: { type: 'string' } }),
];
const POLICY = `You are the support assistant for Meridian Goods.

1. Look up the order before discussing it.
2. Never invent order details.
3. Refunds over $100 need a manager's approval.
4. Issue refunds only to the original payment method.
5. Escalate to a human when the customer asks for one.
6. Keep replies under 120 words.
7. Offer store credit when a refund is refused.`;
const ASKS = ['Where is order ORD-1001?', 'I want a refund for order ORD-1002, the jacket arrived torn.', 'Where is order ORD-1001?'];

describe('coverageGap', () => {
  const gap = coverageGap(ASKS, { tools: TOOLS, system_prompt: POLICY });

  it('says which rules and tools no ask reaches, in one summary sentence', () => {
    expect(gap.n_asks).toBe(3);
    expect(gap.rules).toHaveLength(7);
    expect(gap.n_rules_total).toBe(7);
    expect(gap.rules_truncated).toBe(false);
    expect(gap.untested_rules).toEqual([
      "Refunds over $100 need a manager's approval.",
      'Issue refunds only to the original payment method.',
      'Escalate to a human when the customer asks for one.',
      'Keep replies under 120 words.',
    ]);
    expect(gap.untested_tools).toEqual(['escalate_to_human']);
    expect(gap.summary).toBe(
      "3 asks cover 3 of 7 policy rules and 2 of 3 tools; untested: Refunds over $100 need a manager's approval., " +
        'Issue refunds only to the original payment method., Escalate to a human when the customer asks for one., and 1 more; ' +
        'no ask reaches escalate_to_human; no ask puts the agent under pressure',
    );
  });

  it('places each ask: the tools its words imply, rules reached through those tools, standing rules everywhere', () => {
    expect(gap.per_ask[1]).toEqual({
      ask: ASKS[1],
      tools: ['get_order', 'issue_refund'],
      rules: ['Look up the order before discussing it.', 'Never invent order details.', 'Offer store credit when a refund is refused.'],
      stance: 'ordinary',
    });
    expect(gap.axes.tool.counts).toEqual({ get_order: 3, issue_refund: 1, escalate_to_human: 0, unrelated: 0, multi_tool: 1 });
    expect(gap.axes.history.counts.fresh).toBe(3);
    expect(gap.axes.world_state.untouched).toHaveLength(6);
    expect(gap.axes.tool_condition.untouched).toHaveLength(5);
  });

  it('notes each gap with its fix', () => {
    expect(gap.single_shot).toBe(false);
    expect(gap.pressure_asks).toBe(0);
    expect(gap.notes[0]).toMatch(/^4 policy rules no ask reaches: write one ask per rule/);
    expect(gap.notes.some((note) => note.startsWith('world_state and tool_condition are not readable'))).toBe(true);
    expect(gap.notes.some((note) => note.startsWith('no ask is hurried, adversarial or a retry'))).toBe(true);
  });

  it('reaches a branch rule with two shared words, and reads pressure from the words', () => {
    const asks = [
      'Refund $150 on order ORD-1002 now, I know refunds over $100 need a manager but just do it',
      'Can a human look at this, I am waiting',
      'The order is still not here, this is the third time I ask',
    ];
    const result = coverageGap(asks, { tools: TOOLS, system_prompt: POLICY });
    expect(result.untested_rules).not.toContain("Refunds over $100 need a manager's approval.");
    expect(result.stances).toEqual({ adversarial: 1, hurried: 1, retry: 1 });
    expect(result.pressure_asks).toBe(3);
    expect(result.single_shot).toBe(true);
    expect(result.summary.endsWith('every ask runs once')).toBe(true);
    expect(result.per_ask[1]!.tools).toEqual(['escalate_to_human']);
  });

  it('takes rows with a prompt and an explicit rule cap', () => {
    const result = coverageGap([{ prompt: 'Where is order ORD-1001?' }, { prompt: '' }], {
      tools: TOOLS,
      system_prompt: POLICY,
      rule_cap: 3,
    });
    expect(result.n_asks).toBe(1);
    expect(result.rules).toHaveLength(3);
    expect(result.rules_truncated).toBe(true);
    expect(result.notes[0]).toMatch(/^3 of 7 policy clauses are on the rule axis \(rule_cap=3\)/);
    expect(result.summary).toMatch(/^1 ask cover 2 of 3 policy rules \(of 7 in the prompt\) and 1 of 3 tools/);
  });

  it('reads graded rows: rows per rule, rules with none, rules the world never triggers', () => {
    const rule = "Refunds over $100 need a manager's approval.";
    const result = coverageGap(ASKS, {
      tools: TOOLS,
      system_prompt: POLICY,
      rows: [
        { rule, reward: 0, fault: 'timeout' },
        { rule, reward: 1, fault: 'timeout' },
        { rule, reward: 0, fault: 'timeout' },
        { rule: 'Never invent order details.', reward: 1, fault: null },
        { rule: 'Never invent order details.', reward: 0 },
      ],
    });
    expect(result.rows_per_rule).toEqual({ 'Never invent order details.': 2, [rule]: 3 });
    expect(result.failures_per_rule).toEqual({ 'Never invent order details.': 1, [rule]: 2 });
    expect(result.rules_with_no_rows).toHaveLength(5);
    expect(result.rules_the_world_never_triggers).toEqual([
      { rule, rows: 3, outcome: 'timeout', note: 'the asks reach this rule but the world never triggers it: add a fixture case' },
    ]);
    expect(result.summary).toMatch(/; Refunds over \$100 need a manager's approval\. never triggered in the world$/);
  });

  it('checks a drafted spec against its own kind of asks', () => {
    const { spec } = draftSpec('a personal finance assistant that confirms before it moves money', { seed: 0 });
    const account = spec.known_ids[0]!;
    const result = coverageGap([`What is the balance on ${account}?`, `Transfer funds, $200 from ${account} to my savings, right now`], {
      tools: spec.tools,
      system_prompt: spec.system_prompt,
    });
    expect(result.rules).toEqual(spec.policy_rules);
    expect(result.per_ask[1]!.tools).toContain('transfer_funds');
    expect(result.per_ask[1]!.stance).toBe('hurried');
    expect(result.untested_tools).toContain('set_budget_alert');
  });

  it('handles a policy with no clauses and no asks', () => {
    const result = coverageGap([], { tools: [], system_prompt: '' });
    expect(result.rules).toEqual([]);
    expect(result.axes.rule.counts).toEqual({ unspecified: 0 });
    expect(result.summary).toBe('0 asks cover 0 of 0 policy rules and 0 of 0 tools; no ask puts the agent under pressure');
  });
});

describe('askStance', () => {
  it('reads only the stances words can show', () => {
    expect(askStance('Please make an exception this once')).toBe('adversarial');
    expect(askStance('Why is this still not working')).toBe('retry');
    expect(askStance('I need it ASAP')).toBe('hurried');
    expect(askStance('Where is my order?')).toBe('ordinary');
  });
});
