import { jsonlLines } from '../../text';
import { DEFAULT_REWARD_KEYS } from '../constants';
import { parseJsonText } from './otlp-values';
import { readRewardValue } from './reward-value';
import { callStep, chatMessage, type ChatMessage } from './span-messages';
import type { TraceIssue } from './trace-import-error';
import type { TraceRow, TraceStep } from '../trace-row';

const PROMPT_KEYS = ['prompt', 'question', 'input', 'task', 'ask'];
const STEP_KEYS = ['steps', 'tool_trace', 'trace'];
const FINAL_KEYS = ['final_text', 'final', 'output', 'response', 'answer'];
const ARGUMENT_KEYS = ['arguments', 'input', 'args', 'parameters'];
const RESULT_KEYS = ['result', 'output', 'response'];
const CONVERSATION_KEYS = ['conversation_id', 'trace_id', 'session_id', 'id', 'task_id'];
/** A line's own id; `task_id` and `session_id` name what many traces share, so they never identify one. */
const TRACE_ID_KEYS = ['trace_id', 'id', 'conversation_id'];
const VERSION_KEYS = ['model_version', 'policy_version', 'model'];

export interface JsonlTracesOptions {
  file: string;
  /** Keys read for the reward, first present wins (default `reward`, then `whileai.reward`, then `pass`). */
  reward_keys?: readonly string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const firstKey = (value: Record<string, unknown>, keys: readonly string[]) =>
  keys.find((key) => value[key] !== undefined && value[key] !== null);

type LineProblem = (field: string | undefined, message: string) => void;

/** OpenAI chat `messages` (tool calls answered by `tool` messages, bound by id, then name, then first unanswered). */
function stepsFromMessages(messages: readonly unknown[], problem: LineProblem): { prompt: string; steps: TraceStep[]; final_text: string } {
  let prompt = '';
  const steps: TraceStep[] = [];
  const byId = new Map<string, Extract<TraceStep, { tool: string }>>();
  const unanswered: Extract<TraceStep, { tool: string }>[] = [];
  messages.forEach((raw, index) => {
    const message: ChatMessage | undefined = chatMessage(raw);
    if (!message || message.role === '') {
      problem(`messages[${index}]`, 'each message must be an object with a role');
      return;
    }
    switch (message.role) {
      case 'system':
      case 'developer':
        return;
      case 'user':
        if (prompt === '') prompt = message.text;
        else steps.push({ user: message.text });
        return;
      case 'assistant':
        if (message.text.trim() !== '') steps.push({ text: message.text });
        for (const call of message.tool_calls) {
          const step = callStep(call);
          steps.push(step);
          unanswered.push(step);
          if (call.id) byId.set(call.id, step);
        }
        return;
      case 'tool': {
        const target =
          (message.tool_call_id ? byId.get(message.tool_call_id) : undefined) ??
          unanswered.find((step) => step.tool === message.name) ??
          unanswered[0];
        const parsed = parseJsonText(message.text);
        const result = parsed.ok ? parsed.value : message.text;
        if (!target) {
          steps.push({ tool: message.name ?? 'tool', arguments: {}, result });
          return;
        }
        target.result = result;
        unanswered.splice(unanswered.indexOf(target), 1);
        return;
      }
      default:
        problem(`messages[${index}].role`, `unknown role "${message.role}" (expected system, user, assistant or tool)`);
    }
  });
  const lastText = steps.findLastIndex((step) => 'text' in step);
  const isLast = lastText >= 0 && steps.slice(lastText + 1).every((step) => !('tool' in step) && !('user' in step));
  const finalText = isLast ? (steps.splice(lastText, 1)[0] as { text: string }).text : '';
  return { prompt, steps, final_text: finalText };
}

/** The canonical `{prompt, steps, final_text}` shape, with the step key spellings exporters use. */
function stepsFromCanonical(
  line: Record<string, unknown>,
  problem: LineProblem,
): { prompt: string; steps: TraceStep[]; final_text: string } {
  const promptKey = firstKey(line, PROMPT_KEYS);
  const prompt = promptKey === undefined ? '' : line[promptKey];
  if (typeof prompt !== 'string') problem(promptKey, 'must be a string');
  const stepKey = firstKey(line, STEP_KEYS);
  const rawSteps = stepKey === undefined ? [] : line[stepKey];
  const steps: TraceStep[] = [];
  if (!Array.isArray(rawSteps)) problem(stepKey, 'must be a list of steps');
  else {
    rawSteps.forEach((raw, index) => {
      if (!isRecord(raw)) return problem(`${stepKey}[${index}]`, 'each step must be an object');
      if (typeof raw.user === 'string') return void steps.push({ user: raw.user });
      if (typeof raw.text === 'string' && raw.tool === undefined) return void steps.push({ text: raw.text });
      if (typeof raw.tool !== 'string' || raw.tool === '') {
        return problem(`${stepKey}[${index}]`, 'a step needs "tool" (with arguments and result), "user" or "text"');
      }
      const argumentKey = firstKey(raw, ARGUMENT_KEYS);
      const args = parseJsonText(argumentKey === undefined ? {} : raw[argumentKey]);
      if (!args.ok) problem(`${stepKey}[${index}].${argumentKey}`, args.message);
      const resultKey = firstKey(raw, RESULT_KEYS);
      const result = resultKey === undefined ? null : parseJsonText(raw[resultKey]);
      steps.push({
        tool: raw.tool,
        arguments: args.ok ? args.value : {},
        result: result === null ? null : result.ok ? result.value : raw[resultKey!],
      });
    });
  }
  const finalKey = firstKey(line, FINAL_KEYS);
  const finalText = finalKey === undefined ? '' : line[finalKey];
  if (typeof finalText !== 'string') problem(finalKey, 'must be a string');
  return { prompt: typeof prompt === 'string' ? prompt : '', steps, final_text: typeof finalText === 'string' ? finalText : '' };
}

/**
 * `load_traces` for JSONL: one conversation per line, as OpenAI chat `messages` or as `{prompt, steps, final_text}`,
 * with an optional reward (`reward`, `whileai.reward`, or `pass` 0/1/true/false) and model version.
 */
export function rowsFromJsonl(text: string, options: JsonlTracesOptions): { rows: TraceRow[]; issues: TraceIssue[] } {
  const rewardKeys = options.reward_keys ?? ['reward', ...DEFAULT_REWARD_KEYS, 'pass'];
  const rows: TraceRow[] = [];
  const issues: TraceIssue[] = [];
  jsonlLines(text).forEach((parsed) => {
    const { line } = parsed;
    const problem: LineProblem = (field, message) =>
      issues.push({ file: options.file, line, ...(field === undefined ? {} : { field }), message });
    if ('parseError' in parsed) return problem(undefined, `not valid JSON: ${parsed.parseError}`);
    const { value } = parsed;
    if (!isRecord(value)) return problem(undefined, 'each line must be a JSON object');
    const before = issues.length;
    let body: { prompt: string; steps: TraceStep[]; final_text: string };
    if (value.messages !== undefined) {
      if (!Array.isArray(value.messages)) return problem('messages', 'must be a list of chat messages');
      body = stepsFromMessages(value.messages, problem);
    } else if (firstKey(value, [...PROMPT_KEYS, ...STEP_KEYS]) !== undefined) {
      body = stepsFromCanonical(value, problem);
    } else {
      return problem(undefined, 'a line needs "messages" (OpenAI chat shape) or "prompt" with "steps" and "final_text"');
    }
    if (body.prompt.trim() === '') problem(value.messages !== undefined ? 'messages' : 'prompt', 'no user message to use as the prompt');
    let reward: number | null = null;
    const rewardKey = firstKey(value, rewardKeys);
    if (rewardKey !== undefined) {
      const read = readRewardValue(value[rewardKey]);
      if (read.ok) reward = read.value;
      else problem(rewardKey, read.message);
    }
    if (issues.length > before) return;
    const conversationKey = firstKey(value, CONVERSATION_KEYS);
    const versionKey = firstKey(value, VERSION_KEYS);
    const idKey = firstKey(value, TRACE_ID_KEYS);
    const started =
      typeof value.ts === 'number' ? value.ts : typeof value.timestamp === 'string' ? Date.parse(value.timestamp) : Number.NaN;
    rows.push({
      conversation_id: conversationKey === undefined ? `${options.file}:${line}` : String(value[conversationKey]),
      ...body,
      reward,
      model_version: versionKey === undefined ? null : String(value[versionKey]),
      // `ts` from rows_from_otel is nanoseconds; anything past the year 2500 in ms is read as ns.
      started_at_ms: Number.isFinite(started) ? (started > 1e13 ? Math.floor(started / 1e6) : started) : null,
      usage: null,
      source: { file: options.file, format: 'jsonl', line, span_ids: [], trace_id: idKey === undefined ? null : String(value[idKey]) },
    });
  });
  return { rows, issues };
}
