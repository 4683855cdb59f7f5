import type { Axis, Spec, ToolSpec } from '../../../shared/domain';

const NUMBERED_LINE = /^\s*\d+[.)](\s|$)/;

/** The system prompt without its trailing numbered policy list (the part a person writes in prose). */
export function promptIntro(prompt: string): string {
  const lines = prompt.split('\n');
  let end = lines.length;
  while (end > 0 && (NUMBERED_LINE.test(lines[end - 1]!) || lines[end - 1]!.trim() === '')) end--;
  return lines.slice(0, end).join('\n').trimEnd();
}

/** The prompt the agent sees: the intro, a blank line, then the rules as a numbered list (as drafting writes it). */
export function composePrompt(intro: string, rules: readonly string[]): string {
  const list = rules.map((rule, index) => `${index + 1}. ${rule}`);
  const head = intro.trimEnd();
  if (list.length === 0) return head;
  return head ? [head, '', ...list].join('\n') : list.join('\n');
}

export function withIntro(spec: Spec, intro: string): Spec {
  return { ...spec, system_prompt: composePrompt(intro, spec.policy_rules) };
}

/** Replaces the rules; the numbered list in the prompt follows (the rule axis is rebuilt from it). */
export function withRules(spec: Spec, rules: readonly string[]): Spec {
  return { ...spec, policy_rules: [...rules], system_prompt: composePrompt(promptIntro(spec.system_prompt), rules) };
}

export function withTool(spec: Spec, index: number, patch: Partial<ToolSpec>): Spec {
  const renamed = patch.name !== undefined && spec.tools[index] && patch.name !== spec.tools[index].name;
  const tools = spec.tools.map((tool, each) => (each === index ? { ...tool, ...patch } : tool));
  if (!renamed) return { ...spec, tools };
  // The example result follows its tool's new name.
  const oldName = spec.tools[index]!.name;
  const result_shapes = Object.fromEntries(
    Object.entries(spec.result_shapes).map(([name, shape]) => [name === oldName ? patch.name! : name, shape]),
  );
  return { ...spec, tools, result_shapes };
}

export function withoutTool(spec: Spec, index: number): Spec {
  const removed = spec.tools[index];
  const result_shapes = Object.fromEntries(Object.entries(spec.result_shapes).filter(([name]) => name !== removed?.name));
  return { ...spec, tools: spec.tools.filter((_, each) => each !== index), result_shapes };
}

/** A new tool with a name no other tool has. */
export function withNewTool(spec: Spec): Spec {
  const names = new Set(spec.tools.map((tool) => tool.name));
  let counter = spec.tools.length + 1;
  while (names.has(`new_tool_${counter}`)) counter++;
  const tool: ToolSpec = { name: `new_tool_${counter}`, description: '', parameters: { type: 'object', properties: {}, required: [] } };
  return { ...spec, tools: [...spec.tools, tool] };
}

export function withKnownIds(spec: Spec, ids: readonly string[]): Spec {
  return { ...spec, known_ids: [...ids] };
}

export function withAxisValues(spec: Spec, axis: Axis, values: readonly string[]): Spec {
  return { ...spec, axes: { ...spec.axes, [axis]: [...values] } };
}

/** Adds a trimmed value once; blank or repeated values leave the list as it is. */
export function addValue(values: readonly string[], value: string): string[] {
  const trimmed = value.trim();
  return trimmed && !values.includes(trimmed) ? [...values, trimmed] : [...values];
}

/** Parameters as the editor shows them: indented JSON. */
export function parametersText(tool: ToolSpec): string {
  return JSON.stringify(tool.parameters, null, 2);
}

/** Reads edited parameters text; the message says what is wrong where a person can fix it. */
export function parseParameters(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `not valid JSON: ${(error as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, message: 'must be a JSON object, e.g. {"type": "object", "properties": {}}' };
  return { ok: true, value: value as Record<string, unknown> };
}
