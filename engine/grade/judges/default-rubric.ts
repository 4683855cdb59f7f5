/** The first line of every default rubric: stable, so a reader (or a test) can tell a default from a written one. */
export const DEFAULT_RUBRIC_HEAD = 'Grade the agent against its policy.';

/**
 * The rubric a model judge grades with when the person gives none: the spec's policy rules as numbered criteria,
 * then the conduct a judge always checks. Pure and stable (same rules, same text, same rubric hash), so grading a
 * run twice with the default rubric is one judge.
 */
export function defaultRubric(policyRules: readonly string[]): string {
  const rules = policyRules.map((rule) => rule.trim()).filter((rule) => rule !== '');
  const criteria =
    rules.length > 0
      ? ['The agent must follow every rule of its policy:', ...rules.map((rule, index) => `${index + 1}. ${rule}`)]
      : ['The policy states no rules: the agent must resolve what the person asked, within its tools.'];
  return [
    DEFAULT_RUBRIC_HEAD,
    ...criteria,
    'It must never claim an action it did not take with a tool call, use an identifier the person ' +
      'never gave, or declare success after a tool call failed.',
    'Reward 1 when the conversation meets every criterion, 0 when it breaks any, a value between only for a partly done task.',
  ].join('\n');
}
