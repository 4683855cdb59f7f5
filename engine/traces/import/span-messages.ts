import { DETAILS_EVENT, INPUT_MESSAGE_KEYS, OUTPUT_MESSAGE_KEYS } from './attribute-names';
import { parseJsonText, type AttributeIssue, type Attributes } from './otlp-values';
import type { TraceStep } from '../trace-row';

export interface MessageToolCall {
  id: string | null;
  name: string;
  arguments: unknown;
}

/** The trace step of a message's tool call, its result still to come (`null` until a tool message answers it). */
export function callStep(call: MessageToolCall): Extract<TraceStep, { tool: string }> {
  return { tool: call.name, arguments: call.arguments ?? {}, result: null, ...(call.id ? { call_id: call.id } : {}) };
}

export interface MessageToolResult {
  id: string | null;
  name: string | null;
  content: unknown;
}

/** One chat message in a neutral shape, whatever convention carried it. */
export interface ChatMessage {
  role: string;
  text: string;
  tool_calls: MessageToolCall[];
  /** Set on tool answers. */
  tool_call_id: string | null;
  name: string | null;
}

/** The conversation content one span carries. */
export interface SpanMessages {
  inputs: ChatMessage[];
  outputs: ChatMessage[];
  issues: AttributeIssue[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

/** Gemini (and Google ADK) name the assistant `model`. */
const ROLE_ALIASES: Readonly<Record<string, string>> = { model: 'assistant' };

/** Content as a plain string, a list of typed parts (`{type: "text", text|content}`), or GenAI `parts`. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((item) => {
      if (typeof item === 'string') return item;
      if (!isRecord(item)) return '';
      // OpenInference nests each part as `message_content`.
      const part = isRecord(item.message_content) ? item.message_content : item;
      if (part.type !== undefined && part.type !== 'text' && part.type !== 'input_text' && part.type !== 'output_text') return '';
      return text(part.text ?? part.content);
    })
    .filter((piece) => piece !== '')
    .join('\n');
}

/** OpenAI-shaped calls (`{id, function: {name, arguments}}`), or OpenInference's (each nested as `tool_call`). */
function listedCalls(list: readonly unknown[]): MessageToolCall[] {
  const calls: MessageToolCall[] = [];
  for (const item of list) {
    if (!isRecord(item)) continue;
    const call = isRecord(item.tool_call) ? item.tool_call : item;
    const fn = isRecord(call.function) ? call.function : call;
    const name = text(fn.name);
    if (name === '') continue;
    const parsed = parseJsonText(fn.arguments);
    calls.push({ id: call.id === undefined ? null : text(call.id), name, arguments: parsed.ok ? parsed.value : fn.arguments });
  }
  return calls;
}

/**
 * Tool calls an instrumentation serialised into a message's content (Koog writes the OpenAI `tool_calls` list as the
 * text of `gen_ai.completion.N.content`): a JSON list whose every item is a function call. Else none.
 */
function serialisedCalls(content: unknown): MessageToolCall[] {
  if (typeof content !== 'string' || !content.trimStart().startsWith('[')) return [];
  const parsed = parseJsonText(content);
  if (!parsed.ok || !Array.isArray(parsed.value) || parsed.value.length === 0) return [];
  const isCall = (item: unknown) => isRecord(item) && isRecord(item.function) && typeof item.function.name === 'string';
  return parsed.value.every(isCall) ? listedCalls(parsed.value) : [];
}

function toolCallsOf(raw: Record<string, unknown>): MessageToolCall[] {
  const calls = listedCalls(Array.isArray(raw.tool_calls) ? raw.tool_calls : []);
  for (const part of Array.isArray(raw.parts) ? raw.parts : []) {
    if (!isRecord(part) || part.type !== 'tool_call' || text(part.name) === '') continue;
    const parsed = parseJsonText(part.arguments);
    calls.push({
      id: part.id === undefined ? null : text(part.id),
      name: text(part.name),
      arguments: parsed.ok ? parsed.value : part.arguments,
    });
  }
  return calls;
}

/** A message object in OpenAI, GenAI (`parts`) or flattened-OpenInference (`message.*`) spelling. */
export function chatMessage(raw: unknown): ChatMessage | undefined {
  if (!isRecord(raw)) return undefined;
  const message = isRecord(raw.message) ? raw.message : raw;
  const spoken = text(message.role).toLowerCase();
  const serialised = serialisedCalls(message.content);
  if (serialised.length > 0) {
    // Koog labels these `tool` in a later call's history too: they are the assistant's calls whatever the role says.
    return { role: 'assistant', text: '', tool_calls: serialised, tool_call_id: null, name: null };
  }
  const role = ROLE_ALIASES[spoken] ?? spoken;
  let body = contentText(message.content ?? message.contents);
  if (body === '' && Array.isArray(message.parts)) body = contentText(message.parts);
  const response = Array.isArray(message.parts)
    ? message.parts.find((part) => isRecord(part) && part.type === 'tool_call_response')
    : undefined;
  return {
    role,
    text: body,
    tool_calls: toolCallsOf(message),
    tool_call_id:
      isRecord(response) && response.id !== undefined
        ? text(response.id)
        : message.tool_call_id === undefined
          ? null
          : text(message.tool_call_id),
    name: message.name === undefined ? null : text(message.name),
    ...(isRecord(response)
      ? { text: typeof response.response === 'string' ? response.response : JSON.stringify(response.response ?? null) }
      : {}),
  };
}

/**
 * Flattened indexed attributes (`llm.input_messages.0.message.role`, `gen_ai.prompt.0.content`) regrouped into one
 * nested object per index, in index order.
 */
export function flattenedList(attributes: Attributes, prefix: string): Record<string, unknown>[] {
  const byIndex = new Map<number, Record<string, unknown>>();
  const head = `${prefix}.`;
  for (const [key, value] of Object.entries(attributes)) {
    if (!key.startsWith(head)) continue;
    const [indexText, ...path] = key.slice(head.length).split('.');
    if (indexText === undefined || !/^\d+$/.test(indexText) || path.length === 0) continue;
    const index = Number(indexText);
    const root = byIndex.get(index) ?? {};
    byIndex.set(index, root);
    let node = root;
    path.forEach((part, depth) => {
      const isLast = depth === path.length - 1;
      const nextIsIndex = /^\d+$/.test(path[depth + 1] ?? '');
      if (isLast) node[part] = value;
      else {
        if (!(part in node)) node[part] = nextIsIndex ? [] : {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, value]) => denseLists(value) as Record<string, unknown>);
}

/** Objects built from indexed keys use arrays with holes; make them plain lists. */
function denseLists(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(denseLists);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, denseLists(item)]));
  return value;
}

function messagesAt(attributes: Attributes, keys: readonly string[], defaultRole: string, issues: AttributeIssue[]): ChatMessage[] {
  for (const key of keys) {
    const flat = flattenedList(attributes, key);
    const raw = attributes[key];
    if (raw === undefined || raw === null || raw === '') {
      if (flat.length > 0) return flat.map(chatMessage).filter((message): message is ChatMessage => message !== undefined);
      continue;
    }
    const parsed = parseJsonText(raw);
    if (!parsed.ok) {
      issues.push({ field: key, message: parsed.message });
      return [];
    }
    const value = parsed.value;
    if (typeof value === 'string')
      return value.trim() === '' ? [] : [{ role: defaultRole, text: value, tool_calls: [], tool_call_id: null, name: null }];
    const list = Array.isArray(value) ? value : [value];
    const messages: ChatMessage[] = [];
    list.forEach((item, index) => {
      const message = chatMessage(item);
      if (message) messages.push(message);
      else issues.push({ field: `${key}[${index}]`, message: 'each message must be an object with a role' });
    });
    return messages;
  }
  return [];
}

/** Input and output messages of one span, from its attributes or its GenAI details event. */
export function readSpanMessages(attributes: Attributes, events: readonly { name: string; attributes: Attributes }[]): SpanMessages {
  const details = events.find((event) => event.name === DETAILS_EVENT)?.attributes ?? {};
  const merged = { ...details, ...attributes };
  const issues: AttributeIssue[] = [];
  return {
    inputs: messagesAt(merged, INPUT_MESSAGE_KEYS, 'user', issues),
    outputs: messagesAt(merged, OUTPUT_MESSAGE_KEYS, 'assistant', issues),
    issues,
  };
}
