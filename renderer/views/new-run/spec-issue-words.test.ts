import { describe, expect, it } from 'vitest';
import { preflightSentence, specFieldName, specIssueSentence } from './spec-issue-words';

const ZOD_EMPTY = 'Too small: expected string to have >=1 characters';

describe('spec issues in words', () => {
  it('names an empty rule as the editor numbers it, once, without zod text', () => {
    const sentence = specIssueSentence({ path: 'policy_rules.7', message: ZOD_EMPTY }, { under: 'policy_rules.7' });
    expect(sentence).toBe('Rule 8 is empty: write the rule or remove it.');
    expect(specIssueSentence({ path: 'policy_rules.7', message: ZOD_EMPTY }, { withField: true })).toBe(sentence);
    expect(sentence).not.toMatch(/Too small|>=/);
  });

  it('names other fields by their place in the editor, counting from 1', () => {
    expect(specFieldName('tools.0.name')).toBe('Tool 1 name');
    expect(specFieldName('axes.stance.1')).toBe('stance value 2');
    expect(specFieldName('system_prompt')).toBe('System prompt');
    expect(specIssueSentence({ path: 'tools.2.description', message: ZOD_EMPTY })).toBe('Tool 3 description is empty: fill it in.');
    expect(specIssueSentence({ path: 'axes.stance.1', message: '"grumpy" is not a stance' }, { withField: true })).toBe(
      'stance value 2: "grumpy" is not a stance',
    );
  });

  it('under a field, keeps only the part of the path below it', () => {
    const issue = { path: 'tools.0.parameters.properties.amount.type', message: 'must be a JSON Schema type' };
    expect(specIssueSentence(issue, { under: 'tools.0.parameters' })).toBe('properties.amount.type: must be a JSON Schema type');
    expect(specIssueSentence(issue, { under: 'tools.0.parameters.properties.amount.type' })).toBe('must be a JSON Schema type');
  });

  it('pre-flight names the spec field of its spec checks and leaves its other checks as written', () => {
    expect(preflightSentence({ id: 'spec_invalid', level: 'error', message: ZOD_EMPTY, path: 'source.spec.policy_rules.7' })).toBe(
      'Rule 8 is empty: write the rule or remove it.',
    );
    expect(
      preflightSentence({
        id: 'spec_warning',
        level: 'warning',
        message: 'declared but not required',
        path: 'source.spec.tools.1.parameters.required',
      }),
    ).toBe('Tool 2 parameters.required: declared but not required');
    // With the spec's tool names, a tool is named as its card shows it, not by its place.
    const schema = {
      id: 'spec_invalid',
      level: 'error',
      message: 'must be a JSON Schema type',
      path: 'source.spec.tools.3.parameters.properties.amount.type',
    } as const;
    expect(preflightSentence(schema, ['a', 'b', 'c', 'refund_order'])).toBe(
      'Tool "refund_order" parameters.properties.amount.type: must be a JSON Schema type',
    );
    expect(preflightSentence(schema, ['a', 'b', 'c', ' '])).toBe('Tool 4 parameters.properties.amount.type: must be a JSON Schema type');
    const budget = { id: 'budget_short', level: 'error', message: 'Raise the budget to 80.', path: 'budget' } as const;
    expect(preflightSentence(budget)).toBe(budget.message);
  });
});
