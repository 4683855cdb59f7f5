import {
  EVALUATION_EVENT,
  EVALUATION_EXPLANATION,
  EVALUATION_LABEL,
  EVALUATION_NAME,
  EVALUATION_SCORE,
  FEEDBACK_LISTS,
  LLM_TOOL_LIST,
  LLM_TOOL_SCHEMA,
  SYSTEM_INSTRUCTIONS,
  TOOL_DEFINITIONS,
} from './attribute-names';
import type { OtlpSpan } from './otlp-spans';
import { parseJsonText, type AttributeIssue, type Attributes } from './otlp-values';
import { contentText, flattenedList } from './span-messages';
import type { TraceScore, TraceTool } from '../trace-row';

// What a span says about the conversation besides its turns: the system prompt, the tools offered, the evaluations.

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `gen_ai.system_instructions`: a list of parts (`{type: "text", content}`), or plain text; '' when absent. */
export function systemInstructions(attributes: Attributes, issues: AttributeIssue[]): string {
  const raw = attributes[SYSTEM_INSTRUCTIONS];
  if (raw === undefined || raw === null || raw === '') return '';
  const parsed = parseJsonText(raw);
  if (!parsed.ok) {
    issues.push({ field: SYSTEM_INSTRUCTIONS, message: parsed.message });
    return '';
  }
  return typeof parsed.value === 'string' ? parsed.value : contentText(Array.isArray(parsed.value) ? parsed.value : [parsed.value]);
}

/** One tool definition, flat (`{type, name, description, parameters}`, GenAI) or OpenAI's (`{type, function: {...}}`). */
function toolOf(value: unknown): TraceTool | undefined {
  if (!isRecord(value)) return undefined;
  const definition = isRecord(value.function) ? value.function : value;
  if (typeof definition.name !== 'string' || definition.name === '') return undefined;
  return {
    name: definition.name,
    ...(typeof definition.description === 'string' && definition.description !== '' ? { description: definition.description } : {}),
    ...(isRecord(definition.parameters) ? { parameters: definition.parameters } : {}),
  };
}

/** The tools a span says the model was offered: `gen_ai.tool.definitions`, else OpenInference's `llm.tools.N.tool.json_schema`. */
export function toolDefinitions(attributes: Attributes, issues: AttributeIssue[]): TraceTool[] {
  const raw = attributes[TOOL_DEFINITIONS];
  if (raw !== undefined && raw !== null && raw !== '') {
    const parsed = parseJsonText(raw);
    if (!parsed.ok) {
      issues.push({ field: TOOL_DEFINITIONS, message: parsed.message });
      return [];
    }
    const list = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
    return list.map(toolOf).filter((tool): tool is TraceTool => tool !== undefined);
  }
  const tools: { index: number; tool: TraceTool }[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    const index = indexIn(key, LLM_TOOL_LIST, LLM_TOOL_SCHEMA);
    if (index === null) continue;
    const parsed = parseJsonText(value);
    if (!parsed.ok) issues.push({ field: key, message: parsed.message });
    const tool = parsed.ok ? toolOf(parsed.value) : undefined;
    if (tool) tools.push({ index, tool });
  }
  return tools.sort((a, b) => a.index - b.index).map((entry) => entry.tool);
}

/** N of a flattened key `<list>.N.<field>`, or null when the key is another. */
function indexIn(key: string, list: string, field: string): number | null {
  if (!key.startsWith(`${list}.`) || !key.endsWith(`.${field}`)) return null;
  const middle = key.slice(list.length + 1, key.length - field.length - 1);
  return /^\d+$/.test(middle) ? Number(middle) : null;
}

function scoreOf(
  values: Record<string, unknown>,
  keys: { name: string; score: string; label: string; explanation: string },
): TraceScore | null {
  const name = values[keys.name];
  if (typeof name !== 'string' || name.trim() === '') return null;
  const raw = values[keys.score];
  const number = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  const label = values[keys.label];
  const explanation = values[keys.explanation];
  if (!Number.isFinite(number) && typeof label !== 'string') return null;
  return {
    name: name.trim(),
    value: Number.isFinite(number) ? number : null,
    ...(typeof label === 'string' && label !== '' ? { label } : {}),
    ...(typeof explanation === 'string' && explanation !== '' ? { explanation } : {}),
  };
}

const GEN_AI_KEYS = { name: EVALUATION_NAME, score: EVALUATION_SCORE, label: EVALUATION_LABEL, explanation: EVALUATION_EXPLANATION };
const FEEDBACK_KEYS = { name: 'name', score: 'score', label: 'label', explanation: 'explanation' };

/**
 * The evaluations a span carries: its `gen_ai.evaluation.result` events, and OpenInference's feedback lists
 * (`annotations.N.annotation.*`, `evaluations.N.evaluation.*`, also under `trace.` and `session.`).
 */
export function spanScores(span: OtlpSpan): TraceScore[] {
  const scores: TraceScore[] = [];
  for (const event of span.events) {
    if (event.name !== EVALUATION_EVENT) continue;
    const score = scoreOf(event.attributes, GEN_AI_KEYS);
    if (score) scores.push(score);
  }
  for (const list of FEEDBACK_LISTS) {
    for (const item of flattenedList(span.attributes, list)) {
      const entry = Object.values(item).find(isRecord);
      const score = entry ? scoreOf(entry, FEEDBACK_KEYS) : null;
      if (score) scores.push(score);
    }
  }
  return scores;
}
