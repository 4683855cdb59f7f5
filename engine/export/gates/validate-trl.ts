import { CARRY_KEYS, PAIR_CARRY_KEYS, RL_CARRY_KEYS } from '../formats/carry';
import { isRecord, type LineProblem, LineProblems, parseLineObject, unknownKeys } from './line-problems';
import { checkTools } from './tools-check';

/** The TRL dataset types we write: conversational language modelling, prompt-completion, preference, prompt-only. */
export type TrlKind = 'sft' | 'prompt_completion' | 'preference' | 'prompt_only';

const ROLE_KEYS: Record<string, ReadonlySet<string>> = {
  system: new Set(['role', 'content']),
  user: new Set(['role', 'content']),
  assistant: new Set(['role', 'content', 'tool_calls']),
  tool: new Set(['role', 'content', 'name', 'tool_call_id']),
};
const CALL_KEYS = new Set(['id', 'type', 'function']);

const KIND_KEYS: Record<TrlKind, readonly string[]> = {
  sft: ['messages', 'tools', 'prompt_text', ...CARRY_KEYS],
  prompt_completion: ['prompt', 'completion', 'tools', 'prompt_text', ...CARRY_KEYS],
  preference: ['prompt', 'chosen', 'rejected', 'tools', ...PAIR_CARRY_KEYS],
  prompt_only: ['prompt', 'group_id', 'k', 'n0', 'n1', 'reward_mean', 'reward_std', 'calibration', ...RL_CARRY_KEYS],
};

interface Conversation {
  called: Set<string>;
  toolNames: ReadonlySet<string> | null;
  requireTools: boolean;
}

function checkMessages(
  messages: unknown,
  path: string,
  conversation: Conversation,
  problems: LineProblems,
  requireNonEmpty = true,
): string[] {
  if (!Array.isArray(messages) || (requireNonEmpty && messages.length === 0)) {
    problems.add('missing_messages_list', path, 'must be a non-empty list of messages');
    return [];
  }
  const roles: string[] = [];
  messages.forEach((message, index) => {
    const at = `${path}[${index}]`;
    if (!isRecord(message)) return problems.add('data_type', at, 'a message must be an object');
    const role = message.role;
    const allowed = typeof role === 'string' ? ROLE_KEYS[role] : undefined;
    if (typeof role !== 'string' || !allowed)
      return problems.add('unrecognized_role', `${at}.role`, `role ${JSON.stringify(role)} is not system, user, assistant or tool`);
    roles.push(role);
    for (const key of unknownKeys(message, allowed))
      problems.add('message_unrecognized_key', `${at}.${key}`, `unknown key "${key}" on a ${role} message`);
    if (typeof message.content !== 'string') problems.add('missing_content', `${at}.content`, 'content must be a string');
    const calls = message.tool_calls;
    if (calls !== undefined && !Array.isArray(calls)) problems.add('tool_call_invalid', `${at}.tool_calls`, 'tool_calls must be a list');
    if (role === 'assistant' && message.content === '' && !(Array.isArray(calls) && calls.length > 0)) {
      problems.add('missing_content', `${at}.content`, 'an assistant message needs content or tool_calls');
    }
    if (Array.isArray(calls)) {
      calls.forEach((call: unknown, callIndex) => {
        const callAt = `${at}.tool_calls[${callIndex}]`;
        if (!isRecord(call)) return problems.add('tool_call_invalid', callAt, 'a tool call must be an object');
        for (const key of unknownKeys(call, CALL_KEYS)) problems.add('tool_call_invalid', `${callAt}.${key}`, `unknown key "${key}"`);
        if (call.type !== undefined && call.type !== 'function')
          problems.add('tool_call_invalid', `${callAt}.type`, 'type must be "function"');
        if (typeof call.id === 'string') conversation.called.add(call.id);
        const fn = call.function;
        if (!isRecord(fn)) return problems.add('tool_call_invalid', `${callAt}.function`, 'function must be an object');
        if (typeof fn.name !== 'string' || fn.name === '')
          problems.add('tool_call_invalid', `${callAt}.function.name`, 'name must be a non-empty string');
        else if (conversation.toolNames === null ? conversation.requireTools : !conversation.toolNames.has(fn.name)) {
          problems.add('tool_name_unknown', `${callAt}.function.name`, `"${fn.name}" is not in the line's tools`);
        }
        if (!isRecord(fn.arguments))
          problems.add('arguments_not_object', `${callAt}.function.arguments`, 'TRL reads arguments as an object, not a JSON string');
      });
    }
    if (role === 'tool') {
      if (typeof message.name !== 'string' || message.name === '')
        problems.add('message_missing_key', `${at}.name`, 'a tool message names its tool');
      const id = message.tool_call_id;
      if (id !== undefined && (typeof id !== 'string' || !conversation.called.has(id))) {
        problems.add('tool_call_id_unmatched', `${at}.tool_call_id`, `${JSON.stringify(id)} matches no earlier tool call`);
      }
    }
  });
  return roles;
}

function checkSingleAssistant(value: unknown, path: string, conversation: Conversation, problems: LineProblems): void {
  const roles = checkMessages(value, path, { ...conversation, called: new Set(conversation.called) }, problems);
  if (roles.length !== 1 || roles[0] !== 'assistant') problems.add('completion_invalid', path, 'must hold exactly one assistant message');
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** Validates one TRL line of the given dataset type (text or parsed). */
export function validateTrlLine(line: unknown, kind: TrlKind, options: { requireTools?: boolean } = {}): LineProblem[] {
  const problems = new LineProblems();
  const value = parseLineObject(line, problems);
  if (value === undefined) return problems.list;
  for (const key of unknownKeys(value, new Set(KIND_KEYS[kind]))) {
    const type = kind === 'sft' && key === 'prompt' ? 'stray_prompt_column' : 'unrecognized_key';
    problems.add(
      type,
      key,
      type === 'stray_prompt_column'
        ? 'a prompt column beside messages makes TRL skip the chat template'
        : `unknown top-level key "${key}"`,
    );
  }
  const conversation: Conversation = {
    called: new Set(),
    toolNames: checkTools(value.tools, problems),
    requireTools: kind === 'prompt_only' ? false : (options.requireTools ?? true),
  };
  switch (kind) {
    case 'sft': {
      const roles = checkMessages(value.messages, 'messages', conversation, problems);
      if (roles.length > 0 && !roles.includes('assistant'))
        problems.add('example_missing_assistant_message', 'messages', 'no assistant message');
      break;
    }
    case 'prompt_completion':
      checkMessages(value.prompt, 'prompt', conversation, problems);
      checkSingleAssistant(value.completion, 'completion', conversation, problems);
      break;
    case 'preference':
      checkMessages(value.prompt, 'prompt', conversation, problems);
      checkSingleAssistant(value.chosen, 'chosen', conversation, problems);
      checkSingleAssistant(value.rejected, 'rejected', conversation, problems);
      break;
    case 'prompt_only': {
      const roles = checkMessages(value.prompt, 'prompt', conversation, problems);
      if (roles.length > 0 && roles.at(-1) !== 'user')
        problems.add('prompt_invalid', 'prompt', 'a prompt-only row ends with the user turn');
      if (typeof value.group_id !== 'string' || value.group_id === '')
        problems.add('group_invalid', 'group_id', 'group_id must be a non-empty string');
      const { k, n0, n1 } = value;
      if (!isCount(k) || k < 1 || !isCount(n0) || !isCount(n1) || n0 + n1 > k)
        problems.add('group_invalid', 'k', 'k >= 1, n0 and n1 counts with n0 + n1 <= k');
      for (const key of ['reward_mean', 'reward_std'] as const) {
        if (value[key] !== null && typeof value[key] !== 'number') problems.add('group_invalid', key, `${key} must be a number or null`);
      }
      break;
    }
    default: {
      const unknown: never = kind;
      throw new Error(`unknown TRL kind ${String(unknown)}`);
    }
  }
  return problems.list;
}
