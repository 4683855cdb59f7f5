import { compareText } from '../../text';
import { DEFAULT_REWARD_KEYS } from '../constants';
import { readOtlpSpans, type OtlpSpan } from './otlp-spans';
import { firstAttribute, parseJsonText, type Attributes } from './otlp-values';
import { readRewardValue } from './reward-value';
import { callStep, readSpanMessages, type MessageToolCall } from './span-messages';
import type { TraceIssue } from './trace-import-error';
import type { TraceFormat, TraceRow, TraceStep } from '../trace-row';

const CONVERSATION_KEYS = ['gen_ai.conversation.id', 'conversation.id', 'session.id', 'gen_ai.session.id', 'thread.id'];
const TOOL_ARGUMENT_KEYS = ['gen_ai.tool.call.arguments', 'gen_ai.tool.input', 'tool.input'];
const TOOL_RESULT_KEYS = ['gen_ai.tool.call.result', 'gen_ai.tool.output', 'tool.output'];
const TOOL_NAME_KEYS = ['gen_ai.tool.name', 'tool.name'];
const TOOL_CALL_ID_KEYS = ['gen_ai.tool.call.id', 'tool.id', 'tool_call.id'];
const USAGE_INPUT_KEYS = ['gen_ai.usage.input_tokens', 'gen_ai.usage.prompt_tokens', 'llm.token_count.prompt', 'llm.usage.prompt_tokens'];
const USAGE_OUTPUT_KEYS = [
  'gen_ai.usage.output_tokens',
  'gen_ai.usage.completion_tokens',
  'llm.token_count.completion',
  'llm.usage.completion_tokens',
];
/** An explicit version stamp wins over the request model on any span: adapters share their base model's name. */
const EXPLICIT_VERSION_KEYS = ['whileai.model_version', 'zeroproof.model_version'];
const MODEL_KEYS = ['gen_ai.request.model', 'llm.model_name', 'gen_ai.response.model'];
const TOOL_FAILED_STATUSES = new Set(['error', 'failed', 'failure']);

export interface RowsFromOtelOptions {
  /** The file name every issue and row source names. */
  file: string;
  /** Attributes read for the reward, first present wins (default `whileai.reward`). */
  reward_keys?: readonly string[];
}

export interface OtelImport {
  rows: TraceRow[];
  format: TraceFormat;
  issues: TraceIssue[];
  /** Conversations with no prompt, step or reply (e.g. only embedding spans). */
  skipped_groups: number;
}

/** OpenInference writes flattened `llm.*` keys and `openinference.span.kind`; GenAI writes `gen_ai.*`. */
function conventionOf(spans: readonly OtlpSpan[]): TraceFormat {
  const isOpenInference = spans.some((span) =>
    Object.keys(span.attributes).some((key) => key.startsWith('llm.') || key.startsWith('openinference.')),
  );
  return isOpenInference ? 'otlp_openinference' : 'otlp_genai';
}

function tokens(value: unknown): number | null {
  if (value === undefined || value === null || typeof value === 'boolean') return null;
  const count = Math.trunc(Number(value));
  return Number.isFinite(count) && count >= 0 ? count : null;
}

function isToolSpan(attributes: Attributes): boolean {
  if (firstAttribute(attributes, TOOL_ARGUMENT_KEYS)) return true;
  if (attributes['gen_ai.operation.name'] === 'execute_tool') return true;
  return String(attributes['openinference.span.kind'] ?? '').toUpperCase() === 'TOOL';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

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

function toolStep(span: OtlpSpan, problem: (field: string, message: string) => void): TraceStep {
  const attributes = span.attributes;
  const isOpenInference = String(attributes['openinference.span.kind'] ?? '').toUpperCase() === 'TOOL';
  const argumentsAt = firstAttribute(attributes, isOpenInference ? [...TOOL_ARGUMENT_KEYS, 'input.value'] : TOOL_ARGUMENT_KEYS);
  let args: unknown = {};
  if (argumentsAt) {
    const parsed = parseJsonText(argumentsAt.value);
    if (parsed.ok) args = parsed.value;
    else problem(argumentsAt.key, `tool arguments ${parsed.message}`);
  }
  const resultAt = firstAttribute(attributes, isOpenInference ? [...TOOL_RESULT_KEYS, 'output.value'] : TOOL_RESULT_KEYS);
  let result: unknown = null;
  if (resultAt) {
    const parsed = parseJsonText(resultAt.value);
    result = parsed.ok ? parsed.value : resultAt.value;
  }
  const toolStatus = String(attributes['gen_ai.tool.status'] ?? '').toLowerCase();
  const hasFailed = TOOL_FAILED_STATUSES.has(toolStatus) || span.status.code === 2;
  if (hasFailed && !(isRecord(result) && result.status)) {
    const message = errorMessage(span);
    result = { status: 'error', output: result, ...(message === '' ? {} : { error: message }) };
  }
  const name = firstAttribute(attributes, TOOL_NAME_KEYS)?.value ?? (span.name.replace(/^execute_tool\s+/, '') || 'tool');
  const callId = firstAttribute(attributes, TOOL_CALL_ID_KEYS)?.value;
  return { tool: String(name), arguments: args, result, ...(callId === undefined ? {} : { call_id: String(callId) }) };
}

const normalise = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean).join(' ');

function conversationRow(
  key: string,
  spans: readonly OtlpSpan[],
  options: RowsFromOtelOptions,
  format: TraceFormat,
  issues: TraceIssue[],
): TraceRow | undefined {
  const rewardKeys = options.reward_keys ?? DEFAULT_REWARD_KEYS;
  const hasToolSpans = spans.some((span) => isToolSpan(span.attributes));
  const steps: TraceStep[] = [];
  const seenUsers = new Set<string>();
  const pendingCalls = new Map<string, Extract<TraceStep, { tool: string }>>();
  const seenCalls = new Set<string>();
  let prompt = '';
  let finalText = '';
  let reward: number | null = null;
  let explicitVersion: string | null = null;
  let modelVersion: string | null = null;
  const usage = { input_tokens: 0, output_tokens: 0, seen: false };

  for (const span of spans) {
    const attributes = span.attributes;
    const problem = (field: string, message: string) =>
      issues.push(
        span.span_id === ''
          ? { file: options.file, field: `${span.path}.${field}`, message }
          : { file: options.file, span_id: span.span_id, field, message },
      );
    const inputTokens = tokens(firstAttribute(attributes, USAGE_INPUT_KEYS)?.value);
    const outputTokens = tokens(firstAttribute(attributes, USAGE_OUTPUT_KEYS)?.value);
    if (inputTokens !== null || outputTokens !== null) {
      usage.input_tokens += inputTokens ?? 0;
      usage.output_tokens += outputTokens ?? 0;
      usage.seen = true;
    }
    explicitVersion ??= (firstAttribute(attributes, EXPLICIT_VERSION_KEYS)?.value as string | undefined)?.toString() ?? null;
    modelVersion ??= (firstAttribute(attributes, MODEL_KEYS)?.value as string | undefined)?.toString() ?? null;
    const rewardAt = firstAttribute(attributes, rewardKeys);
    if (rewardAt && reward === null) {
      const read = readRewardValue(rewardAt.value);
      if (read.ok) reward = read.value;
      else problem(rewardAt.key, read.message);
    }
    if (isToolSpan(attributes)) {
      steps.push(toolStep(span, problem));
      continue;
    }
    const messages = readSpanMessages(attributes, span.events);
    for (const issue of messages.issues) problem(issue.field, issue.message);
    for (const message of messages.inputs) {
      if (message.role === 'user' && message.text.trim() !== '') {
        const seen = normalise(message.text);
        if (seenUsers.has(seen)) continue;
        seenUsers.add(seen);
        if (prompt === '') prompt = message.text;
        else steps.push({ user: message.text });
      } else if (message.role === 'tool' && !hasToolSpans && message.tool_call_id !== null) {
        const call = pendingCalls.get(message.tool_call_id);
        if (call) {
          const parsed = parseJsonText(message.text);
          call.result = parsed.ok ? parsed.value : message.text;
          pendingCalls.delete(message.tool_call_id);
        }
      }
    }
    for (const message of messages.outputs) {
      if (message.role !== 'assistant' && message.role !== '') continue;
      if (message.text.trim() !== '') {
        steps.push({ text: message.text });
        finalText = message.text;
      }
      if (!hasToolSpans) for (const call of message.tool_calls) addMessageCall(call);
    }
  }

  function addMessageCall(call: MessageToolCall): void {
    const key = call.id ?? `${call.name}:${JSON.stringify(call.arguments)}`;
    if (seenCalls.has(key)) return;
    seenCalls.add(key);
    const step = callStep(call);
    steps.push(step);
    if (call.id) pendingCalls.set(call.id, step);
  }

  // The last reply is final_text, not a step.
  const lastText = steps.findLastIndex((step) => 'text' in step);
  if (lastText >= 0 && (steps[lastText] as { text: string }).text === finalText) steps.splice(lastText, 1);
  if (prompt === '' && steps.length === 0 && finalText === '') return undefined;
  const startNs = spans
    .map((span) => span.start_ns)
    .filter((ns) => ns > 0n)
    .reduce<bigint | null>((min, ns) => (min === null || ns < min ? ns : min), null);
  return {
    conversation_id: key,
    prompt,
    steps,
    final_text: finalText,
    reward,
    model_version: explicitVersion ?? modelVersion,
    started_at_ms: startNs === null ? null : Number(startNs / 1_000_000n),
    usage: usage.seen ? { input_tokens: usage.input_tokens, output_tokens: usage.output_tokens } : null,
    source: {
      file: options.file,
      format,
      line: null,
      span_ids: spans.map((span) => span.span_id).filter((id) => id !== ''),
      trace_id: key,
    },
  };
}

/**
 * `rows_from_otel`: conversations from an OTLP JSON batch (GenAI conventions or OpenInference attributes). Spans
 * group by conversation id (a trace any of whose spans names one gives it to all its spans), else by trace id,
 * and run in start order: the first user message is the prompt, later ones user steps, tool spans tool steps, and
 * the last assistant output the final text.
 */
export function rowsFromOtel(source: unknown, options: RowsFromOtelOptions): OtelImport {
  const { spans, issues } = readOtlpSpans(source, options.file);
  const format = conventionOf(spans);
  const traceConversation = new Map<string, string>();
  for (const span of spans) {
    const conversation = firstAttribute(span.attributes, CONVERSATION_KEYS);
    if (conversation && !traceConversation.has(span.trace_id)) traceConversation.set(span.trace_id, String(conversation.value));
  }
  const groups = new Map<string, { span: OtlpSpan; order: number }[]>();
  spans.forEach((span, order) => {
    const key = traceConversation.get(span.trace_id) ?? span.trace_id;
    groups.set(key, [...(groups.get(key) ?? []), { span, order }]);
  });
  const rows: TraceRow[] = [];
  let skipped = 0;
  for (const [key, entries] of groups) {
    entries.sort((a, b) => (a.span.start_ns < b.span.start_ns ? -1 : a.span.start_ns > b.span.start_ns ? 1 : a.order - b.order));
    const row = conversationRow(
      key,
      entries.map((entry) => entry.span),
      options,
      format,
      issues,
    );
    if (row) rows.push(row);
    else skipped++;
  }
  rows.sort((a, b) => (a.started_at_ms ?? 0) - (b.started_at_ms ?? 0) || compareText(a.conversation_id, b.conversation_id));
  return { rows, format, issues, skipped_groups: skipped };
}
