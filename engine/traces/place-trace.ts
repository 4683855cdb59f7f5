import { MULTI_TOOL, UNRELATED_TOOL, UNSPECIFIED, type Dimensions } from '../../shared/domain';
import { askStance } from '../coverage/coverage-gap';
import { contentWords } from '../spec/policy-mentions';
import { ID_LIKE_KEY } from '../spec/tool-kinds';
import { FAULT_TO_AXIS, resultFault, type FaultChip } from './trace-faults';
import { isToolStep, userTexts, type TraceRow } from './trace-row';

/** Where a trace sits on the six axes, and the evidence read off its tool calls. */
export interface TracePlacement {
  dimensions: Dimensions;
  /** Distinct tools called, in first-call order. */
  tools: string[];
  /** Faults seen in the tool answers, in step order. */
  faults: FaultChip[];
}

export interface PlaceOptions {
  /** Policy clauses of the rule axis; without them every trace sits on `unspecified`. */
  rules?: readonly string[];
}

/** A rule is in play when the person's words share at least this many content words with it. */
const RULE_OVERLAP = 2;
const CONTRADICTS = /\b(?:actually|no wait|i meant|that's not what|thats not what|not what i (?:said|asked)|i said)\b/i;
const PRIOR_FAILURE = new RegExp(
  String.raw`\b(?:didn'?t work|did not work|still (?:not|hasn'?t|broken|waiting)|failed (?:again|last time)|` +
    String.raw`last time (?:it|you) (?:failed|broke))\b`,
  'i',
);
const PARTIAL = /\b(?:half (?:done|way)|only (?:part|some) of|partially|started (?:but|and))\b/i;
const REPEAT = /\b(?:again|last time|before|earlier|second time|third time|already (?:asked|tried|called|told|wrote))\b/i;

function hasIdArgument(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, item]) => ID_LIKE_KEY.test(key) || hasIdArgument(item));
}

function partialResult(result: unknown): boolean {
  if (typeof result !== 'object' || result === null) return false;
  const status = String((result as Record<string, unknown>).status ?? '').toLowerCase();
  return status === 'partial' || status === 'in_progress' || status === 'partially_completed';
}

function duplicateResult(result: unknown): boolean {
  if (typeof result !== 'object' || result === null) return false;
  const record = result as Record<string, unknown>;
  if (String(record.status ?? '').toLowerCase() === 'duplicate') return true;
  const list = Array.isArray(result)
    ? result
    : Array.isArray(record.results)
      ? record.results
      : Array.isArray(record.matches)
        ? record.matches
        : undefined;
  return list !== undefined && list.length >= 2 && Object.values(record).some((value) => value === 'ambiguous');
}

function worldStateOf(row: TraceRow, faults: readonly FaultChip[]): string {
  for (const chip of faults) {
    const target = FAULT_TO_AXIS[chip];
    if (target.axis === 'world_state') return target.value;
  }
  const steps = row.steps.filter(isToolStep);
  if (steps.some((step) => duplicateResult(step.result))) return 'duplicate entity';
  if (steps.some((step) => partialResult(step.result))) return 'partially completed';
  if (steps.some((step) => hasIdArgument(step.arguments))) return 'entity exists';
  return UNSPECIFIED;
}

function historyOf(texts: readonly string[]): string {
  const later = texts.slice(1).join('\n');
  if (later !== '' && CONTRADICTS.test(later)) return 'contradicts_earlier';
  const all = texts.join('\n');
  if (PRIOR_FAILURE.test(all)) return 'prior_failure';
  if (PARTIAL.test(all)) return 'prior_partial_action';
  if (REPEAT.test(texts[0] ?? '')) return 'repeat visit';
  return 'fresh';
}

function ruleOf(texts: readonly string[], rules: readonly string[]): string {
  const words = contentWords(texts.join(' '));
  let best: { rule: string; overlap: number } | undefined;
  for (const rule of rules) {
    const overlap = [...contentWords(rule)].filter((word) => words.has(word)).length;
    if (overlap >= RULE_OVERLAP && (!best || overlap > best.overlap)) best = { rule, overlap };
  }
  return best?.rule ?? UNSPECIFIED;
}

/**
 * Places a trace on the six axes from what it shows: the tools it called (one, several, or none), the faults its
 * tool answers carry (tool_condition, or world_state for not found / already done), the world its calls met, the
 * stance and history its user turns show, and the policy clause its words share most with.
 */
export function placeTrace(row: TraceRow, options: PlaceOptions = {}): TracePlacement {
  const tools = [...new Set(row.steps.filter(isToolStep).map((step) => step.tool))];
  const faults = row.steps.filter(isToolStep).flatMap((step) => {
    const chip = resultFault(step.result);
    return chip ? [chip] : [];
  });
  const condition = faults.map((chip) => FAULT_TO_AXIS[chip]).find((target) => target.axis === 'tool_condition');
  const texts = userTexts(row);
  return {
    dimensions: {
      tool: tools.length === 0 ? UNRELATED_TOOL : tools.length === 1 ? tools[0]! : MULTI_TOOL,
      rule: ruleOf(texts, options.rules ?? []),
      stance: askStance(texts.join('\n')),
      world_state: worldStateOf(row, faults),
      tool_condition: condition?.value ?? 'success',
      history: historyOf(texts),
    },
    tools,
    faults,
  };
}
