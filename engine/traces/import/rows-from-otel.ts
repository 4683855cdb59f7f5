import { compareText } from '../../text';
import { DEFAULT_REWARD_KEYS } from '../constants';
import { CONVERSATION_KEYS, MODEL_KEYS, USAGE_INPUT_KEYS, USAGE_OUTPUT_KEYS } from './attribute-names';
import { readOtlpSpans, type OtlpSpan } from './otlp-spans';
import { firstAttribute } from './otlp-values';
import { readRewardValue } from './reward-value';
import { spanScores, systemInstructions, toolDefinitions } from './span-context';
import { readSpanMessages } from './span-messages';
import { isToolSpan, spanToolCall } from './span-tools';
import { TraceConversation } from './trace-conversation';
import type { TraceIssue } from './trace-import-error';
import { rewardFromScores } from './trace-reward';
import type { TraceFormat, TraceRow, TraceScore, TraceTool } from '../trace-row';

/** An explicit version stamp wins over the request model on any span: adapters share their base model's name. */
const EXPLICIT_VERSION_KEYS = ['whileai.model_version', 'zeroproof.model_version'];

export interface RowsFromOtelOptions {
  /** The file name every issue and row source names. */
  file: string;
  /** Attributes (or evaluation names) read for the reward, first present wins (default `whileai.reward`). */
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

/** What the spans say about the conversation besides its turns, first seen wins (tools: the first span defining any). */
interface Context {
  reward: number | null;
  explicitVersion: string | null;
  modelVersion: string | null;
  usage: { input_tokens: number; output_tokens: number; seen: boolean };
  tools: TraceTool[];
  scores: TraceScore[];
}

function readContext(span: OtlpSpan, context: Context, rewardKeys: readonly string[], problem: (field: string, message: string) => void) {
  const attributes = span.attributes;
  const inputTokens = tokens(firstAttribute(attributes, USAGE_INPUT_KEYS)?.value);
  const outputTokens = tokens(firstAttribute(attributes, USAGE_OUTPUT_KEYS)?.value);
  if (inputTokens !== null || outputTokens !== null) {
    context.usage.input_tokens += inputTokens ?? 0;
    context.usage.output_tokens += outputTokens ?? 0;
    context.usage.seen = true;
  }
  context.explicitVersion ??= (firstAttribute(attributes, EXPLICIT_VERSION_KEYS)?.value as string | undefined)?.toString() ?? null;
  context.modelVersion ??= (firstAttribute(attributes, MODEL_KEYS)?.value as string | undefined)?.toString() ?? null;
  const rewardAt = firstAttribute(attributes, rewardKeys);
  if (rewardAt && context.reward === null) {
    const read = readRewardValue(rewardAt.value);
    if (read.ok) context.reward = read.value;
    else problem(rewardAt.key, read.message);
  }
  context.scores.push(...spanScores(span));
}

function conversationRow(
  key: string,
  spans: readonly OtlpSpan[],
  options: RowsFromOtelOptions,
  format: TraceFormat,
  issues: TraceIssue[],
): TraceRow | undefined {
  const rewardKeys = options.reward_keys ?? DEFAULT_REWARD_KEYS;
  const conversation = new TraceConversation();
  const context: Context = {
    reward: null,
    explicitVersion: null,
    modelVersion: null,
    usage: { input_tokens: 0, output_tokens: 0, seen: false },
    tools: [],
    scores: [],
  };
  let instructions = '';
  for (const span of spans) {
    const problem = (field: string, message: string) =>
      issues.push(
        span.span_id === ''
          ? { file: options.file, field: `${span.path}.${field}`, message }
          : { file: options.file, span_id: span.span_id, field, message },
      );
    readContext(span, context, rewardKeys, problem);
    if (isToolSpan(span.attributes)) {
      conversation.addToolSpan(spanToolCall(span, problem));
      continue;
    }
    const found: { field: string; message: string }[] = [];
    instructions ||= systemInstructions(span.attributes, found);
    const tools = toolDefinitions(span.attributes, found);
    if (context.tools.length === 0) context.tools = tools;
    const messages = readSpanMessages(span.attributes, span.events);
    for (const issue of [...found, ...messages.issues]) problem(issue.field, issue.message);
    conversation.addMessages(messages.inputs);
    conversation.addMessages(messages.outputs);
  }
  const steps = conversation.finalSteps();
  if (conversation.prompt === '' && steps.length === 0 && conversation.finalText === '') return undefined;
  const startNs = spans
    .map((span) => span.start_ns)
    .filter((ns) => ns > 0n)
    .reduce<bigint | null>((min, ns) => (min === null || ns < min ? ns : min), null);
  const systemPrompt = instructions || conversation.systemPrompt;
  return {
    conversation_id: key,
    prompt: conversation.prompt,
    steps,
    final_text: conversation.finalText,
    reward: context.reward ?? rewardFromScores(context.scores, rewardKeys),
    model_version: context.explicitVersion ?? context.modelVersion,
    started_at_ms: startNs === null ? null : Number(startNs / 1_000_000n),
    usage: context.usage.seen ? { input_tokens: context.usage.input_tokens, output_tokens: context.usage.output_tokens } : null,
    ...(systemPrompt === '' ? {} : { system_prompt: systemPrompt }),
    ...(context.tools.length === 0 ? {} : { tools: context.tools }),
    ...(context.scores.length === 0 ? {} : { scores: context.scores }),
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
