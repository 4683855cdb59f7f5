import { compareText } from '../text';
import { TOOL_NAME_PATTERN, type Spec, type ToolSpec } from '../../shared/domain';
import { buildAxes } from '../spec/build-axes';
import { KNOWN_ID_PATTERN } from '../spec/known-ids';
import { resultFault } from './trace-faults';
import { isToolStep, type TraceRow } from './trace-row';

/** How a tool read off traces describes itself: traces carry values, not schemas, so every argument is a string. */
const OBSERVED_DESCRIPTION = (name: string) => `${name}, observed in this agent's traces.`;
const MAX_KNOWN_IDS = 64;

const safeName = (name: string) => {
  const cleaned = name
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/^[^a-zA-Z_]+/, '')
    .slice(0, 64);
  return TOOL_NAME_PATTERN.test(cleaned) ? cleaned : undefined;
};

/** `tools_from_traces`: the agent's tool surface read off the calls the traces contain, argument names unioned. */
export function toolsFromTraces(rows: readonly TraceRow[]): ToolSpec[] {
  const seen = new Map<string, Set<string>>();
  for (const row of rows) {
    for (const step of row.steps.filter(isToolStep)) {
      const name = safeName(step.tool);
      if (!name) continue;
      const keys = seen.get(name) ?? new Set<string>();
      if (typeof step.arguments === 'object' && step.arguments !== null && !Array.isArray(step.arguments)) {
        for (const key of Object.keys(step.arguments)) keys.add(key);
      }
      seen.set(name, keys);
    }
  }
  return [...seen.entries()]
    .sort(([a], [b]) => compareText(a, b))
    .map(([name, keys]) => ({
      name,
      description: OBSERVED_DESCRIPTION(name),
      parameters: { type: 'object', properties: Object.fromEntries([...keys].sort().map((key) => [key, { type: 'string' }])) },
    }));
}

/** Identifiers the person named or the calls used (A1001, ORD-2231): real ids make the world answer "found". */
function knownIds(rows: readonly TraceRow[]): string[] {
  const ids = new Set<string>();
  for (const row of rows) {
    const texts = [row.prompt, ...row.steps.filter(isToolStep).map((step) => JSON.stringify(step.arguments ?? {}))];
    for (const text of texts) for (const id of text.match(KNOWN_ID_PATTERN) ?? []) ids.add(id);
  }
  return [...ids].sort().slice(0, MAX_KNOWN_IDS);
}

/** The first clean, record-shaped answer per tool: the world's records then look like the product's own. */
function resultShapes(rows: readonly TraceRow[], tools: readonly ToolSpec[]): Record<string, unknown> {
  const names = new Set(tools.map((tool) => tool.name));
  const shapes: Record<string, unknown> = {};
  for (const row of rows) {
    for (const step of row.steps.filter(isToolStep)) {
      const name = safeName(step.tool);
      if (!name || !names.has(name) || name in shapes) continue;
      const result = step.result;
      if (typeof result !== 'object' || result === null || Array.isArray(result) || resultFault(result) !== null) continue;
      if (Object.keys(result).some((key) => key !== 'status' && key !== 'ok')) shapes[name] = result;
    }
  }
  return shapes;
}

/**
 * A spec for an agent known only by its traces (`simulate_from_traces` with no tools or policy): the tools it
 * called, the identifiers it met, and a neutral policy. The person edits it like any drafted spec.
 */
export function specFromTraces(rows: readonly TraceRow[], name = 'Agent from traces'): Spec {
  const tools = toolsFromTraces(rows);
  const policyRules = [
    'Use the tools to look things up before answering.',
    'Confirm with the person before any action that changes a record.',
  ];
  const systemPrompt = `You are the agent these traces came from.\n${policyRules.map((rule, index) => `${index + 1}. ${rule}`).join('\n')}`;
  return {
    name,
    domain: 'traces',
    system_prompt: systemPrompt,
    policy_rules: policyRules,
    tools,
    result_shapes: resultShapes(rows, tools),
    known_ids: knownIds(rows),
    axes: buildAxes({ tools, system_prompt: systemPrompt }),
  };
}
