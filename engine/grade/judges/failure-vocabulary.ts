import { CONDUCT_RULES, PASSING_RULES, type ConductFailure } from '../conduct/rules';

const CONDUCT_FAILURES = CONDUCT_RULES.filter((rule): rule is ConductFailure => !(PASSING_RULES as readonly string[]).includes(rule));

/** Failures a conduct rule cannot see: they need a reading of what the person wanted. */
export const AGENT_FAILURES = [
  'wrong_tool',
  'wrong_arguments',
  'missed_tool_call',
  'acted_without_confirmation',
  'policy_violation',
  'unsafe_action',
  'premature_handoff',
  'missed_handoff',
  'unneeded_question',
  'missed_clarification',
  'incomplete_task',
  'wrong_answer',
  'hallucinated_fact',
  'over_refusal',
  'sycophancy',
  'tone',
] as const;

/**
 * The failure vocabulary a judge's `failure_class` is picked from: every failing conduct rule, then the common
 * agent failures, then `other` for a pick outside the list.
 */
export const FAILURE_CLASSES = [...CONDUCT_FAILURES, ...AGENT_FAILURES, 'other'] as const;
export type FailureClass = (typeof FAILURE_CLASSES)[number];

/** Spellings a model tends to use for the same failure. */
const ALIASES: Readonly<Record<string, FailureClass>> = {
  hallucinated_id: 'invented_identifier',
  hallucinated_identifier: 'invented_identifier',
  invented_id: 'invented_identifier',
  hallucinated_reference: 'invented_reference',
  claimed_success_after_failure: 'success_after_failure',
  false_success: 'success_after_failure',
  ignored_fault: 'ignore_fault',
  ignored_error: 'ignore_fault',
  claimed_action_without_tool: 'claimed_without_call',
  harness_leak: 'leak',
  leaked_harness_text: 'leak',
  repeated_call: 'repeated_call_limit',
  repetition: 'repeated_reply',
  truncated_reply: 'truncated',
  empty_reply: 'empty_or_stub',
  no_confirmation: 'acted_without_confirmation',
  refused_unnecessarily: 'over_refusal',
  unnecessary_refusal: 'over_refusal',
  early_handoff: 'premature_handoff',
};

const KNOWN = new Set<string>(FAILURE_CLASSES);

/**
 * Maps a judge's free-text pick onto the vocabulary: case, spaces and dashes folded, known aliases resolved;
 * anything else is `other`. Null or blank means the judge named no failure.
 */
export function normalizeFailureClass(pick: unknown): FailureClass | null {
  if (pick === null || pick === undefined) return null;
  const folded = String(pick)
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (folded === '' || folded === 'none' || folded === 'pass') return null;
  if (KNOWN.has(folded)) return folded as FailureClass;
  return ALIASES[folded] ?? 'other';
}
