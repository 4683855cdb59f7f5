import { compareText } from '../text';
import { TOOL_NAME_PATTERN, type Spec, type ToolSpec } from '../../shared/domain';
import { buildAxes } from '../spec/build-axes';
import { KNOWN_ID_PATTERN } from '../spec/known-ids';
import { resultFault } from './trace-faults';
import { isToolStep, type TraceRow } from './trace-row';

/** How a tool only seen called describes itself: its calls carry values, not a schema, so every argument is a string. */
const OBSERVED_DESCRIPTION = (name: string) => `${name}, observed in this agent's traces.`;
const MAX_KNOWN_IDS = 64;

const safeName = (name: string) => {
  const cleaned = name
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/^[^a-zA-Z_]+/, '')
    .slice(0, 64);
  return TOOL_NAME_PATTERN.test(cleaned) ? cleaned : undefined;
};

const isObjectSchema = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && (value as { type?: unknown }).type === 'object';

/** The tools the traces define (`gen_ai.tool.definitions`, `llm.tools`), first definition of a name wins: typed arguments. */
function definedTools(rows: readonly TraceRow[]): Map<string, ToolSpec> {
  const defined = new Map<string, ToolSpec>();
  for (const tool of rows.flatMap((row) => row.tools ?? [])) {
    const name = safeName(tool.name);
    if (!name || defined.has(name)) continue;
    defined.set(name, {
      name,
      description: tool.description ?? OBSERVED_DESCRIPTION(name),
      parameters: isObjectSchema(tool.parameters) ? tool.parameters : { type: 'object', properties: {} },
    });
  }
  return defined;
}

/**
 * `tools_from_traces`: the agent's tool surface. A tool the traces define keeps its definition (description, typed
 * parameters); one only seen called is read off its calls, argument names unioned, each a string.
 */
export function toolsFromTraces(rows: readonly TraceRow[]): ToolSpec[] {
  const defined = definedTools(rows);
  const seen = new Map<string, Set<string>>();
  for (const row of rows) {
    for (const step of row.steps.filter(isToolStep)) {
      const name = safeName(step.tool);
      if (!name || defined.has(name)) continue;
      const keys = seen.get(name) ?? new Set<string>();
      if (typeof step.arguments === 'object' && step.arguments !== null && !Array.isArray(step.arguments)) {
        for (const key of Object.keys(step.arguments)) keys.add(key);
      }
      seen.set(name, keys);
    }
  }
  const observed = [...seen.entries()].map(([name, keys]) => ({
    name,
    description: OBSERVED_DESCRIPTION(name),
    parameters: { type: 'object', properties: Object.fromEntries([...keys].sort().map((key) => [key, { type: 'string' }])) },
  }));
  return [...defined.values(), ...observed].sort((a, b) => compareText(a.name, b.name));
}

/** The system prompt most traces carry (ties: the first seen), or undefined when none carries one. */
function tracedSystemPrompt(rows: readonly TraceRow[]): string | undefined {
  const counts = new Map<string, number>();
  for (const row of rows) if (row.system_prompt?.trim()) counts.set(row.system_prompt, (counts.get(row.system_prompt) ?? 0) + 1);
  let best: [string, number] | undefined;
  for (const entry of counts) if (!best || entry[1] > best[1]) best = entry;
  return best?.[0];
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
 * A spec for an agent known only by its traces (`simulate_from_traces` with no tools or policy): its system prompt and
 * tools as the traces define them (else the tools it called and a neutral prompt), the identifiers it met, and a
 * neutral policy. The person edits it like any drafted spec.
 */
export function specFromTraces(rows: readonly TraceRow[], name = 'Agent from traces'): Spec {
  const tools = toolsFromTraces(rows);
  const policyRules = [
    'Use the tools to look things up before answering.',
    'Confirm with the person before any action that changes a record.',
  ];
  const systemPrompt =
    tracedSystemPrompt(rows) ??
    `You are the agent these traces came from.\n${policyRules.map((rule, index) => `${index + 1}. ${rule}`).join('\n')}`;
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
