import { describe, expect, it } from 'vitest';
import { DEFAULT_RUBRIC_HEAD, defaultRubric } from './default-rubric';
import { rubricHash } from './rubric';

describe('the default rubric', () => {
  it("numbers the spec's policy rules as criteria, and is the same judge for the same rules", () => {
    const rubric = defaultRubric(['Confirm the amount before moving money.', ' ', "Never share another customer's balance. "]);
    expect(rubric.split('\n').slice(0, 4)).toEqual([
      DEFAULT_RUBRIC_HEAD,
      'The agent must follow every rule of its policy:',
      '1. Confirm the amount before moving money.',
      "2. Never share another customer's balance.",
    ]);
    expect(rubricHash(rubric)).toBe(
      rubricHash(defaultRubric(['Confirm the amount before moving money.', "Never share another customer's balance."])),
    );
    expect(rubricHash(rubric)).not.toBe(rubricHash(defaultRubric(['Confirm the amount before moving money.'])));
  });

  it('still says what passes when the policy has no rules', () => {
    expect(defaultRubric([])).toContain('resolve what the person asked');
  });
});
