/**
 * The form two behaviour rules are compared in: case-folded, runs of whitespace joined, trailing punctuation dropped
 * ("Confirm before moving money." and "confirm  before moving money" are one rule).
 */
export function ruleKey(rule: string): string {
  return rule
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.,;:!?…]+$/u, '')
    .toLowerCase();
}

/** Rules with each duplicate merged into its first occurrence, whose spelling is kept; order otherwise kept. */
export function uniqueRules(rules: readonly string[]): string[] {
  const seen = new Set<string>();
  return rules.filter((rule) => {
    const key = ruleKey(rule);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
