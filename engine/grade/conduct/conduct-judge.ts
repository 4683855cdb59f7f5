import type { Grade, Provenance, Row, TextSpan } from '../../../shared/domain';
import type { Judge, JudgeOutput } from '../judges/judge';
import { rubricHash } from '../judges/rubric';
import { conductGrade, type ConductVerdict } from './conduct-grade';
import { CONDUCT_RULESET, CONDUCT_VERSION, PASSING_RULES } from './rules';

/** Who made a conduct grade: no model, the rule set's hash, and the rules' version. */
export const CONDUCT_PROVENANCE: Provenance = {
  judge: 'conduct',
  model: null,
  rubric_hash: rubricHash(CONDUCT_RULESET),
  settings: {},
  version: `conduct@${CONDUCT_VERSION}`,
};

/** A verdict's span as a grade stores it (`tool_call_id` only when the span is inside a call's arguments). */
export function gradeSpan(span: ConductVerdict['span']): TextSpan | null {
  if (span === null) return null;
  return {
    message_index: span.message_index,
    start: span.start,
    end: span.end,
    ...(span.tool_call_id ? { tool_call_id: span.tool_call_id } : {}),
  };
}

/** The failure class of a verdict: its rule id when it failed (reward < 1), else null. */
export function conductFailureClass(verdict: ConductVerdict): string | null {
  return (PASSING_RULES as readonly string[]).includes(verdict.rule) ? null : verdict.rule;
}

/**
 * The conduct checks as a Judge (for `runJudge` and judge comparisons): the answer carries the verdict's reward,
 * reason, failure class and span; `rule` and `fault_detected` land in judge_meta.
 */
export const conductJudge: Judge = {
  name: 'conduct',
  label_source: 'conduct',
  provenance: CONDUCT_PROVENANCE,
  judge(row, context): Promise<JudgeOutput> {
    const verdict = conductGrade(row, context.declared_tools);
    return Promise.resolve({
      reward: verdict.reward,
      reason: verdict.reason,
      failure_class: conductFailureClass(verdict),
      span: gradeSpan(verdict.span),
      rule: verdict.rule,
      fault_detected: verdict.fault_detected,
    });
  },
};

export interface ConductGradeOptions {
  created_at: string;
  /** The grade's `row_id` (the store's key); defaults to the row's `rollout_id`. */
  row_id?: string;
  /** The checks' verdict on this row against these tools, when the caller has it (the run's loop): not checked again. */
  verdict?: ConductVerdict;
}

/** One conduct grade without the judge loop (the checks are synchronous and cannot fail). */
export function conductToGrade(
  row: Row,
  declaredTools: readonly string[],
  options: ConductGradeOptions,
): { grade: Grade; verdict: ConductVerdict } {
  const verdict = options.verdict ?? conductGrade(row, declaredTools);
  const span = gradeSpan(verdict.span);
  return {
    verdict,
    grade: {
      row_id: options.row_id ?? row.rollout_id,
      reward: verdict.reward,
      reason: verdict.reason,
      judge_status: 'ok',
      label_source: 'conduct',
      failure_class: conductFailureClass(verdict),
      unsure: false,
      span,
      judge_meta: { rule: verdict.rule, fault_detected: verdict.fault_detected },
      provenance: CONDUCT_PROVENANCE,
      created_at: options.created_at,
    },
  };
}
