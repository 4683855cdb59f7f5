import type { ToolSpec } from '../../../shared/domain';
import { stableJson } from '../../seeded';
import type { IdKindNames } from '../../world/id-kinds';
import { isIdParameter, isReadTool, toolNoun } from '../../world/tool-names';
import type { PlannedCall } from './arguments/demo-arguments';
import type { ToolStep } from './demo-conversation';
import { inventReference } from './demo-plant';
import { stepSubject } from './demo-subjects';

/** Small decisions about the plan: which calls are the same, what to look up first, what to report. */

const SUCCESSFUL = new Set(['ok', 'created', 'deleted']);

export const callKey = (tool: string, args: unknown) => `${tool}\u0000${stableJson(args)}`;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A read of the same entity before a destructive call, so the confirmation can say what will change. */
export function lookupFor(call: PlannedCall, tools: readonly ToolSpec[]): PlannedCall | undefined {
  const entry = Object.entries(call.args).find(([name]) => isIdParameter(name));
  if (!entry) return undefined;
  const hasParameter = (tool: ToolSpec) => Object.keys((tool.parameters.properties ?? {}) as object).includes(entry[0]);
  const isLookup = (tool: ToolSpec) => isReadTool(tool.name) && !/^(list|search|find|browse|query)/i.test(tool.name) && hasParameter(tool);
  const onlyNeedsTheId = (tool: ToolSpec) =>
    (Array.isArray(tool.parameters.required) ? (tool.parameters.required as string[]) : []).every((name) => name === entry[0]);
  const read =
    tools.find((tool) => isLookup(tool) && onlyNeedsTheId(tool) && toolNoun(tool.name) === toolNoun(call.tool)) ??
    tools.find((tool) => isLookup(tool) && onlyNeedsTheId(tool));
  return read ? { tool: read.name, args: { [entry[0]]: entry[1] }, missing: [] } : undefined;
}

/** The plan with the person's identifier swapped for a made-up one (or a made-up one where they gave none). */
export function inventReferences(
  calls: PlannedCall[],
  environment: { rolloutKey: string; knownIds: readonly string[]; idKinds?: IdKindNames },
  evidence: string,
): PlannedCall[] {
  const idName = calls.flatMap((call) => [...Object.keys(call.args), ...call.missing]).find(isIdParameter);
  if (idName === undefined) return calls;
  const original = calls.map((call) => call.args[idName]).find((value) => typeof value === 'string' || typeof value === 'number');
  const noun = stepSubject(calls[0]!.tool, { [idName]: 'x' }).noun;
  const invented = inventReference(
    original === undefined ? undefined : String(original),
    noun,
    environment.knownIds,
    `${environment.rolloutKey}:invented`,
    evidence,
    environment.idKinds,
  );
  return calls.map((call) => {
    if (!(idName in call.args) && !call.missing.includes(idName)) return call;
    return { tool: call.tool, args: { ...call.args, [idName]: invented }, missing: call.missing.filter((name) => name !== idName) };
  });
}

/**
 * Each distinct call once, at its latest answer (a retried call is reported by how it ended); a lookup is left out
 * when a later action on the same arguments went through, since what it showed has changed.
 */
export function lastOfEachCall(steps: readonly ToolStep[]): ToolStep[] {
  const latest = new Map<string, ToolStep>();
  for (const step of steps) {
    const key = callKey(step.call.name, step.call.arguments);
    latest.delete(key);
    latest.set(key, step);
  }
  const kept = [...latest.values()];
  return kept.filter((step, index) => {
    if (!isReadTool(step.call.name) || kept.length === 1) return true;
    const argumentsKey = stableJson(step.call.arguments);
    const isSuperseded = (later: ToolStep) =>
      !isReadTool(later.call.name) &&
      SUCCESSFUL.has(later.outcome) &&
      argumentsKey !== '{}' &&
      Object.entries(step.call.arguments).every(([name, value]) => later.call.arguments[name] === value);
    return !kept.slice(index + 1).some(isSuperseded);
  });
}
