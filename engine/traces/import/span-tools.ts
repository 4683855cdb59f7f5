import {
  EXECUTE_TOOL,
  INPUT_MESSAGE_KEYS,
  OPERATION_NAME,
  OUTPUT_MESSAGE_KEYS,
  SPAN_INPUT_VALUE,
  SPAN_KIND,
  SPAN_OUTPUT_VALUE,
  TOOL_ARGUMENT_KEYS,
  TOOL_CALL_ID_KEYS,
  TOOL_NAME_KEYS,
  TOOL_RESULT_KEYS,
} from './attribute-names';
import type { OtlpSpan } from './otlp-spans';
import { firstAttribute, parseJsonText, type Attributes } from './otlp-values';

const TOOL_FAILED_STATUSES = new Set(['error', 'failed', 'failure']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a span carries conversation content (a model call, or an agent span summing one up). */
const carriesMessages = (attributes: Attributes): boolean =>
  [...INPUT_MESSAGE_KEYS, ...OUTPUT_MESSAGE_KEYS].some(
    (key) => attributes[key] !== undefined || Object.keys(attributes).some((name) => name.startsWith(`${key}.`)),
  );

/**
 * A span that ran one tool: it names its arguments, its operation is `execute_tool`, its OpenInference kind is TOOL,
 * or it names a tool and carries no messages (Koog's `tool.<name>` spans: `gen_ai.tool.name` and `input.value`).
 */
export function isToolSpan(attributes: Attributes): boolean {
  if (firstAttribute(attributes, TOOL_ARGUMENT_KEYS)) return true;
  if (attributes[OPERATION_NAME] === EXECUTE_TOOL) return true;
  if (String(attributes[SPAN_KIND] ?? '').toUpperCase() === 'TOOL') return true;
  return firstAttribute(attributes, TOOL_NAME_KEYS) !== undefined && !carriesMessages(attributes);
}

/** The error words a failed span carries: its exception event, its status message, or `error.type`. */
function errorMessage(span: OtlpSpan): string {
  for (const event of span.events) {
    const message = event.attributes['exception.message'];
    if (typeof message === 'string' && message !== '') return message;
  }
  if (span.status.message !== '') return span.status.message;
  const type = span.attributes['error.type'];
  return typeof type === 'string' ? type : '';
}

/** A tool's answer as the span wrote it: JSON parsed (a JSON string literal too, as the GenAI result attribute may be). */
function resultValue(raw: unknown): unknown {
  if (typeof raw !== 'string' || !raw.trimStart().startsWith('"')) {
    const parsed = parseJsonText(raw);
    return parsed.ok ? parsed.value : raw;
  }
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'string' ? value : raw;
  } catch {
    return raw;
  }
}

/** One tool span read: the call's name, arguments and result, with its call id when the span names one. */
export interface SpanToolCall {
  tool: string;
  arguments: unknown;
  result: unknown;
  call_id?: string;
}

/** The call a tool span ran; arguments that look like JSON and do not parse are reported through `problem`. */
export function spanToolCall(span: OtlpSpan, problem: (field: string, message: string) => void): SpanToolCall {
  const attributes = span.attributes;
  const argumentsAt = firstAttribute(attributes, [...TOOL_ARGUMENT_KEYS, SPAN_INPUT_VALUE]);
  let args: unknown = {};
  if (argumentsAt) {
    const parsed = parseJsonText(argumentsAt.value);
    if (parsed.ok) args = parsed.value;
    else problem(argumentsAt.key, `tool arguments ${parsed.message}`);
  }
  const resultAt = firstAttribute(attributes, [...TOOL_RESULT_KEYS, SPAN_OUTPUT_VALUE]);
  let result: unknown = resultAt ? resultValue(resultAt.value) : null;
  const toolStatus = String(attributes['gen_ai.tool.status'] ?? '').toLowerCase();
  const hasFailed = TOOL_FAILED_STATUSES.has(toolStatus) || span.status.code === 2;
  if (hasFailed && !(isRecord(result) && result.status)) {
    const message = errorMessage(span);
    result = { status: 'error', output: result, ...(message === '' ? {} : { error: message }) };
  }
  const name = firstAttribute(attributes, TOOL_NAME_KEYS)?.value ?? (span.name.replace(/^(execute_tool|tool)[\s.]+/, '') || 'tool');
  const callId = firstAttribute(attributes, TOOL_CALL_ID_KEYS)?.value;
  return { tool: String(name), arguments: args, result, ...(callId === undefined ? {} : { call_id: String(callId) }) };
}
