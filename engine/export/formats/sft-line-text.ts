import { carryMembers } from './carry';
import type { RunContext } from '../export-input';
import { jsonString } from './json-text';
import type { LineOptions } from './openai-format';
import { quotedPythonJson } from './python-json';
import { functionTools, sealedToolsJson } from './tool-schemas';
import type { SampleMessage, TrainingSample } from './training-samples';

/**
 * SFT lines written straight from the sample: the same text as `lineJson(openAiLine(...))` and
 * `lineJson(trlLine(...))`, byte for byte, without building the wire objects first (they cost more than the text).
 * Each builder returns null when a value is not of the type the schemas promise (a caller-made row): the caller
 * then takes the general path, whose `JSON.stringify` decides what such a value becomes.
 */

/** JSON of a finite number as `JSON.stringify` writes it; null for anything else. */
const numberText = (value: unknown): string | null => (isFiniteNumber(value) ? String(value) : null);
/** Whether `numberText` would write the value (checked without writing it). */
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** One tool call of an assistant message, with its `arguments` already written as JSON text. */
function toolCallText(id: string, name: string, argumentsText: string): string {
  return `{"id":${jsonString(id)},"type":"function","function":{"name":${jsonString(name)},"arguments":${argumentsText}}}`;
}

function openAiCalls(message: Extract<SampleMessage, { role: 'assistant' }>): string | null {
  let text = '';
  for (const call of message.tool_calls) {
    if (typeof call.id !== 'string' || typeof call.name !== 'string' || call.arguments === null) return null;
    const args = quotedPythonJson(call.arguments);
    if (args === null) return null;
    text += `${text === '' ? '' : ','}${toolCallText(call.id, call.name, args)}`;
  }
  return text;
}

/** The system message every line of an export opens with, written once (both formats write it alike). */
let lastSystem = { content: '', text: '{"role":"system","content":""}' };

/** `{"role":"system","content":...}` of the run's system prompt. */
export function systemMessageText(content: string): string {
  if (lastSystem.content !== content) lastSystem = { content, text: `{"role":"system","content":${jsonString(content)}}` };
  return lastSystem.text;
}

function plainMessageText(role: 'system' | 'user', content: unknown): string | null {
  if (typeof content !== 'string') return null;
  return role === 'user' ? `{"role":"user","content":${jsonString(content)}}` : systemMessageText(content);
}

function openAiMessageText(message: SampleMessage, weight: unknown): string | null {
  switch (message.role) {
    case 'system':
    case 'user':
      return plainMessageText(message.role, message.content);
    case 'assistant': {
      if (typeof message.content !== 'string') return null;
      const hasCalls = message.tool_calls.length > 0;
      let text = `{"role":"assistant","content":${hasCalls && message.content === '' ? 'null' : jsonString(message.content)}`;
      if (hasCalls) {
        const calls = openAiCalls(message);
        if (calls === null) return null;
        text += `,"tool_calls":[${calls}]`;
      }
      const weightText = numberText(weight);
      return weightText === null ? null : `${text},"weight":${weightText}}`;
    }
    case 'tool':
      if (typeof message.tool_call_id !== 'string' || typeof message.content !== 'string') return null;
      return `{"role":"tool","tool_call_id":${jsonString(message.tool_call_id)},"content":${jsonString(message.content)}}`;
    default: {
      const unknown: never = message;
      throw new Error(`unknown message ${JSON.stringify(unknown)}`);
    }
  }
}

function trlMessageText(message: SampleMessage): string | null {
  switch (message.role) {
    case 'system':
    case 'user':
      return plainMessageText(message.role, message.content);
    case 'assistant': {
      if (typeof message.content !== 'string') return null;
      let text = `{"role":"assistant","content":${jsonString(message.content)}`;
      if (message.tool_calls.length > 0) {
        let calls = '';
        for (const call of message.tool_calls) {
          if (typeof call.id !== 'string' || typeof call.name !== 'string') return null;
          const args = JSON.stringify(call.arguments ?? call.raw_arguments) as string | undefined;
          if (args === undefined) return null;
          calls += `${calls === '' ? '' : ','}${toolCallText(call.id, call.name, args)}`;
        }
        text += `,"tool_calls":[${calls}]`;
      }
      return `${text}}`;
    }
    case 'tool':
      if (typeof message.tool_call_id !== 'string' || typeof message.name !== 'string' || typeof message.content !== 'string') return null;
      return (
        `{"role":"tool","tool_call_id":${jsonString(message.tool_call_id)},` +
        `"name":${jsonString(message.name)},"content":${jsonString(message.content)}}`
      );
    default: {
      const unknown: never = message;
      throw new Error(`unknown message ${JSON.stringify(unknown)}`);
    }
  }
}

type MessageText = (message: SampleMessage, index: number) => string | null;

function listText(messages: readonly SampleMessage[], start: number, end: number, text: MessageText): string | null {
  let out = '';
  for (let index = start; index < end; index++) {
    const message = text(messages[index]!, index);
    if (message === null) return null;
    out += index === start ? message : `,${message}`;
  }
  return out;
}

/** `,"tools":[...]` when the run has tools, from the one serialised copy every line shares. */
export const toolsText = (context: RunContext): string =>
  context.tools.length > 0 ? `,"tools":${sealedToolsJson(functionTools(context.tools))!}` : '';

/** The carry keys' members (`,"rollout_id":...,...`), or '' when there are none. */
function carryText(sample: TrainingSample): string {
  const members = carryMembers(sample.input, { unroll: sample.unroll });
  return members === '' ? '' : `,${members}`;
}

/** The messages of an OpenAI line, comma-joined, each assistant turn weighted by the mask; null when the general path must decide. */
export function openAiMessagesText(messages: readonly SampleMessage[], mask: readonly number[]): string | null {
  const weighted: MessageText = (message, index) =>
    openAiMessageText(message, message.role === 'assistant' ? (mask[index] ?? 0) : undefined);
  return listText(messages, 0, messages.length, weighted);
}

/** The messages of a TRL line, comma-joined; null when the general path must decide. */
export const trlMessagesText = (messages: readonly SampleMessage[]): string | null =>
  listText(messages, 0, messages.length, trlMessageText);

/** The members of `JSON.stringify(openAiExtras(sample))`, or null when the general path must decide. */
export function openAiExtrasText(sample: TrainingSample): string | null {
  const prompt = sample.input.row.prompt as unknown;
  if (typeof prompt !== 'string' || !sample.loss_mask.every(isFiniteNumber)) return null;
  return `"prompt":${jsonString(prompt)},"loss_mask":[${sample.loss_mask.join(',')}]${carryText(sample)}`;
}

/** The members of `JSON.stringify(trlExtras(sample))`, or null when the general path must decide. */
export function trlExtrasText(sample: TrainingSample): string | null {
  const prompt = sample.input.row.prompt as unknown;
  return typeof prompt === 'string' ? `"prompt_text":${jsonString(prompt)}${carryText(sample)}` : null;
}

/** A line's documented columns (`head`, without its closing brace) and, with inline metadata, its extras. */
function closeLine(head: string, sample: TrainingSample, extras: (sample: TrainingSample) => string | null, options: LineOptions) {
  if (options.metadata !== 'inline') return `${head}}`;
  const members = extras(sample);
  return members === null ? null : `${head},${members}}`;
}

/** `lineJson(openAiLine(sample, context, options))`, or null when the general path must decide. */
export function openAiLineText(sample: TrainingSample, context: RunContext, options: LineOptions = {}): string | null {
  const list = openAiMessagesText(sample.messages, sample.loss_mask);
  if (list === null) return null;
  return closeLine(`{"messages":[${list}]${toolsText(context)}`, sample, openAiExtrasText, options);
}

/** `lineJson(trlLine(sample, context, promptCompletion, options))`, or null when the general path must decide. */
export function trlLineText(
  sample: TrainingSample,
  context: RunContext,
  promptCompletion: boolean,
  options: LineOptions = {},
): string | null {
  const { messages } = sample;
  let head: string;
  if (promptCompletion) {
    const last = sample.loss_mask.lastIndexOf(1);
    if (last < 0) return null;
    const prompt = listText(messages, 0, last, trlMessageText);
    const completion = listText(messages, last, Math.min(last + 1, messages.length), trlMessageText);
    if (prompt === null || completion === null) return null;
    head = `{"prompt":[${prompt}],"completion":[${completion}]`;
  } else {
    const list = trlMessagesText(messages);
    if (list === null) return null;
    head = `{"messages":[${list}]`;
  }
  return closeLine(`${head}${toolsText(context)}`, sample, trlExtrasText, options);
}
