import { describe, expect, it } from 'vitest';
import { draftSpec } from './draft-spec';
import { ruleKey, uniqueRules } from './unique-rules';

describe('merging duplicate behaviour rules', () => {
  it('treats rules that differ only in case, spacing or trailing punctuation as one, keeping the first spelling', () => {
    const rules = [
      'Confirm before moving money.',
      'confirm  before moving money',
      'CONFIRM before moving money!?',
      'Never share card numbers.',
    ];
    expect(uniqueRules(rules)).toEqual(['Confirm before moving money.', 'Never share card numbers.']);
    expect(ruleKey(' Refund only  after a check. ')).toBe('refund only after a check');
  });

  it('keeps rules whose words differ, even by one', () => {
    expect(uniqueRules(['Confirm before moving money.', 'Confirm before moving funds.'])).toHaveLength(2);
  });

  it('is what the offline drafter merges with: a behaviour asked twice becomes one rule', () => {
    const once = draftSpec('a personal finance assistant that confirms before it moves money', { seed: 0 }).spec;
    const twice = draftSpec('a personal finance assistant that confirms before it moves money and confirms before it moves money.', {
      seed: 0,
    }).spec;
    expect(twice.policy_rules).toEqual(once.policy_rules);
  });
});
