import type { Issue } from '../../../shared/api';
import type { PreflightCheck } from '../../../shared/api/runs';

/**
 * Where in the spec a path points, as the editor names it: `policy_rules.7` is "Rule 8", `tools.0.name` "Tool 1 name",
 * or `Tool "refund_order" name` when `toolNames` gives the tool's name (the list beside Start is far from the card).
 */
export function specFieldName(path: string, toolNames: readonly string[] = []): string {
  const [head, index, ...rest] = path.split('.');
  const position = index !== undefined && /^\d+$/.test(index) ? Number(index) + 1 : null;
  const tail = rest.length > 0 ? ` ${rest.join('.')}` : '';
  switch (head) {
    case 'policy_rules':
      return position === null ? 'Policy rules' : `Rule ${position}${tail}`;
    case 'tools':
      if (position === null) return 'Tools';
      return toolNames[position - 1]?.trim() ? `Tool "${toolNames[position - 1]!.trim()}"${tail}` : `Tool ${position}${tail}`;
    case 'system_prompt':
      return 'System prompt';
    case 'known_ids':
      return position === null ? 'Known ids' : `Known id ${position}`;
    case 'axes':
      // axes.stance.1 -> "stance value 2"
      if (index === undefined) return 'Axes';
      return rest[0] !== undefined && /^\d+$/.test(rest[0]) ? `${index} value ${Number(rest[0]) + 1}` : `${index} axis`;
    default:
      return path;
  }
}

/** zod's wording for an empty string or list ("Too small: expected string to have >=1 characters"). */
const EMPTY = /^Too small: expected (string|array) to have >=1 (characters|items)$/;

/**
 * A spec issue as a person reads it, naming the field as the editor numbers it. `withField` names the field even for
 * the messages that need no name beside it (the pre-flight list, far from the field).
 */
export function specIssueSentence(
  issue: Issue,
  options: { withField?: boolean; under?: string; toolNames?: readonly string[] } = {},
): string {
  const name = specFieldName(issue.path, options.toolNames);
  if (EMPTY.test(issue.message)) {
    if (/^policy_rules\.\d+$/.test(issue.path)) return `${name} is empty: write the rule or remove it.`;
    if (issue.path === 'policy_rules') return 'No policy rules: add at least one rule.';
    return `${name} is empty: fill it in.`;
  }
  if (options.withField) return `${name}: ${issue.message}`;
  // Under a field, name only the part of the path below it (`properties.amount.type: ...` under a tool's parameters).
  const under = options.under;
  if (!under || issue.path === under || !issue.path.startsWith(`${under}.`)) return issue.message;
  return `${issue.path.slice(under.length + 1)}: ${issue.message}`;
}

const SPEC_PREFIX = 'source.spec.';

/**
 * A pre-flight check as the list beside Start shows it: a spec issue names its field (`Rule 8 is empty: ...`,
 * `Tool "refund_order" parameters: ...` given the spec's tool names).
 */
export function preflightSentence(check: PreflightCheck, toolNames: readonly string[] = []): string {
  const isSpecIssue = check.id === 'spec_invalid' || check.id === 'spec_warning';
  if (!isSpecIssue || !check.path?.startsWith(SPEC_PREFIX)) return check.message;
  return specIssueSentence({ path: check.path.slice(SPEC_PREFIX.length), message: check.message }, { withField: true, toolNames });
}
