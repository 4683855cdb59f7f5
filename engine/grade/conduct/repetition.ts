import { stableJson } from '../../seeded';
import { stepFaulted } from './faults';
import { REPEATED_CALL_LIMIT, SIZABLE_UTTERANCE_CHARS } from './rules';
import type { Step, TextStep, ToolStep } from './steps';

function fold(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The first agent utterance (>= 24 chars, whitespace folded) that repeats an earlier one verbatim. */
export function repeatedUtterance(steps: readonly Step[]): TextStep | null {
  const seen = new Set<string>();
  for (const step of steps) {
    if (step.kind !== 'text') continue;
    const text = fold(step.text);
    if (text.length < SIZABLE_UTTERANCE_CHARS) continue;
    if (seen.has(text)) return step;
    seen.add(text);
  }
  return null;
}

function callSignature(step: ToolStep): string {
  return `${step.tool}|${stableJson(step.arguments)}`;
}

function resultSignature(step: ToolStep): string {
  return Object.keys(step.result).length > 0 ? stableJson(step.result) : (step.result_text ?? '');
}

export interface RepeatedCalls {
  /** The first call that repeated an earlier identical call and got the identical non-fault answer. */
  same_result: ToolStep | null;
  /** The call that made some identical call reach REPEATED_CALL_LIMIT. */
  limit: ToolStep | null;
}

export function repeatedCalls(steps: readonly ToolStep[]): RepeatedCalls {
  const counts = new Map<string, number>();
  const results = new Map<string, Set<string>>();
  let sameResult: ToolStep | null = null;
  let limit: ToolStep | null = null;
  for (const step of steps) {
    const signature = callSignature(step);
    const count = (counts.get(signature) ?? 0) + 1;
    counts.set(signature, count);
    if (count >= REPEATED_CALL_LIMIT && limit === null) limit = step;
    const answer = resultSignature(step);
    const answers = results.get(signature) ?? new Set<string>();
    if (answers.has(answer) && !stepFaulted(step) && sameResult === null) sameResult = step;
    answers.add(answer);
    results.set(signature, answers);
  }
  return { same_result: sameResult, limit };
}
