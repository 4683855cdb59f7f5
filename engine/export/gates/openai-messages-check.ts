import { argumentText } from './argument-json';
import { isRecord, LineProblems, unknownKeys } from './line-problems';

const ROLE_KEYS: Record<string, ReadonlySet<string>> = {
  system: new Set(['role', 'content', 'name']),
  user: new Set(['role', 'content', 'name']),
  assistant: new Set(['role', 'content', 'name', 'tool_calls', 'weight', 'refusal']),
  tool: new Set(['role', 'content', 'tool_call_id']),
};
const CALL_KEYS = new Set(['id', 'type', 'function']);
const CALL_FUNCTION_KEYS = new Set(['name', 'arguments']);

export interface MessagesCheckOptions {
  /** Names in the line's `tools`; null when it has none. */
  toolNames: ReadonlySet<string> | null;
  /** When true a call needs a `tools` column naming it; when false a line without `tools` is not checked for names. */
  requireTools: boolean;
  /** Whether `weight` may appear (SFT lines) or not (preference outputs). */
  allowWeight: boolean;
}

export interface MessagesSummary {
  assistants: number;
  /** Assistant messages with loss: weight absent or 1. */
  trained: number;
  roles: string[];
}

function checkArguments(value: unknown, at: string, problems: LineProblems): void {
  if (typeof value !== 'string') return problems.add('arguments_not_json', at, 'arguments must be a JSON string (OpenAI wire shape)');
  const kind = argumentText(value);
  if (kind === 'invalid') return problems.add('arguments_not_json', at, 'arguments do not parse as JSON');
  if (kind === 'not_object') problems.add('arguments_not_object', at, 'arguments must encode a JSON object');
}

/**
 * The cookbook's message checks plus the tool-calling rules it predates: roles system/user/assistant/tool, no
 * unknown keys, content rules per role (null or absent only beside `tool_calls`), calls in wire shape with
 * parseable object arguments and declared names, every `tool_call_id` answering an earlier unanswered call and
 * every call answered before the next assistant or user turn (a line may end on open calls).
 */
export function checkOpenAiMessages(
  messages: unknown,
  path: string,
  options: MessagesCheckOptions,
  problems: LineProblems,
): MessagesSummary {
  const summary: MessagesSummary = { assistants: 0, trained: 0, roles: [] };
  if (!Array.isArray(messages) || messages.length === 0) {
    problems.add('missing_messages_list', path, 'messages must be a non-empty list');
    return summary;
  }
  const called = new Set<string>();
  const unanswered = new Map<string, string>();
  const flushUnanswered = () => {
    for (const [id, at] of unanswered) problems.add('tool_call_unanswered', at, `tool call "${id}" has no tool message answering it`);
    unanswered.clear();
  };
  messages.forEach((message, index) => {
    const at = `${path}[${index}]`;
    if (!isRecord(message)) return problems.add('data_type', at, 'a message must be an object');
    const role = message.role;
    if (typeof role !== 'string') return problems.add('message_missing_key', at, 'message has no role');
    const allowed = ROLE_KEYS[role];
    if (!allowed) return problems.add('unrecognized_role', `${at}.role`, `role "${role}" is not system, user, assistant or tool`);
    summary.roles.push(role);
    for (const key of unknownKeys(message, allowed)) {
      if (!(key === 'weight' && role === 'assistant'))
        problems.add('message_unrecognized_key', `${at}.${key}`, `unknown key "${key}" on a ${role} message`);
    }
    if (role !== 'tool') flushUnanswered();
    if (role === 'system' && index !== 0) problems.add('system_not_first', at, 'a system message may only open the conversation');
    const content = message.content;
    const calls = message.tool_calls;
    const hasCalls = Array.isArray(calls) && calls.length > 0;
    if (role === 'assistant') {
      summary.assistants += 1;
      if (message.weight !== undefined) {
        if (!options.allowWeight) problems.add('message_unrecognized_key', `${at}.weight`, 'weight is not allowed here');
        else if (message.weight !== 0 && message.weight !== 1) problems.add('weight_invalid', `${at}.weight`, 'weight must be 0 or 1');
      }
      if (message.weight !== 0) summary.trained += 1;
      if (calls !== undefined && !Array.isArray(calls)) problems.add('tool_call_invalid', `${at}.tool_calls`, 'tool_calls must be a list');
      if (hasCalls) {
        if (content !== undefined && content !== null && typeof content !== 'string')
          problems.add('missing_content', `${at}.content`, 'content must be a string or null');
      } else if (content === undefined) {
        problems.add('message_missing_key', at, 'assistant message has neither content nor tool_calls');
      } else if (typeof content !== 'string' || content === '') {
        problems.add('missing_content', `${at}.content`, 'content must be a non-empty string');
      }
    } else if (content === undefined) {
      problems.add('message_missing_key', at, `${role} message has no content`);
    } else if (typeof content !== 'string' || content === '') {
      problems.add('missing_content', `${at}.content`, 'content must be a non-empty string');
    }
    if (hasCalls) {
      (calls as unknown[]).forEach((call, callIndex) => {
        const callAt = `${at}.tool_calls[${callIndex}]`;
        if (!isRecord(call)) return problems.add('tool_call_invalid', callAt, 'a tool call must be an object');
        for (const key of unknownKeys(call, CALL_KEYS)) problems.add('tool_call_invalid', `${callAt}.${key}`, `unknown key "${key}"`);
        if (typeof call.id !== 'string' || call.id === '')
          problems.add('tool_call_invalid', `${callAt}.id`, 'id must be a non-empty string');
        else if (called.has(call.id)) problems.add('tool_call_id_duplicate', `${callAt}.id`, `tool call id "${call.id}" is used twice`);
        else {
          called.add(call.id);
          unanswered.set(call.id, callAt);
        }
        if (call.type !== 'function') problems.add('tool_call_invalid', `${callAt}.type`, 'type must be "function"');
        const fn = call.function;
        if (!isRecord(fn)) return problems.add('tool_call_invalid', `${callAt}.function`, 'function must be an object');
        for (const key of unknownKeys(fn, CALL_FUNCTION_KEYS))
          problems.add('tool_call_invalid', `${callAt}.function.${key}`, `unknown key "${key}"`);
        if (typeof fn.name !== 'string' || fn.name === '')
          problems.add('tool_call_invalid', `${callAt}.function.name`, 'name must be a non-empty string');
        else if (options.toolNames === null ? options.requireTools : !options.toolNames.has(fn.name)) {
          problems.add('tool_name_unknown', `${callAt}.function.name`, `"${fn.name}" is not in the line's tools`);
        }
        checkArguments(fn.arguments, `${callAt}.function.arguments`, problems);
      });
    }
    if (role === 'tool') {
      const id = message.tool_call_id;
      if (typeof id !== 'string' || id === '')
        problems.add('message_missing_key', `${at}.tool_call_id`, 'tool message has no tool_call_id');
      else if (unanswered.has(id)) unanswered.delete(id);
      else if (called.has(id)) problems.add('tool_call_id_unmatched', `${at}.tool_call_id`, `tool call "${id}" was already answered`);
      else problems.add('tool_call_id_unmatched', `${at}.tool_call_id`, `"${id}" matches no earlier tool call`);
    }
  });
  // Calls left open at the very end are allowed: an example may end on the call it teaches.
  return summary;
}
