import { CARRY_KEYS, PAIR_CARRY_KEYS } from '../formats/carry';
import { isRecord, type LineProblem, LineProblems, parseLineObject, unknownKeys } from './line-problems';
import { checkOpenAiMessages } from './openai-messages-check';
import { checkTools } from './tools-check';

export interface OpenAiCheckOptions {
  /** A tool call needs a `tools` column naming it (default true; the export relaxes it only when no schemas are known). */
  requireTools?: boolean;
  /** Top-level keys allowed besides the format's own and the carry keys. */
  extraKeys?: readonly string[];
}

const SFT_KEYS = ['messages', 'tools', 'parallel_tool_calls', 'prompt', 'loss_mask', ...CARRY_KEYS];
const PREFERENCE_KEYS = ['input', 'preferred_output', 'non_preferred_output', ...PAIR_CARRY_KEYS];
const INPUT_KEYS = new Set(['messages', 'tools', 'parallel_tool_calls']);

function checkTopKeys(line: Record<string, unknown>, keys: readonly string[], options: OpenAiCheckOptions, problems: LineProblems): void {
  const allowed = new Set([...keys, ...(options.extraKeys ?? [])]);
  for (const key of unknownKeys(line, allowed)) problems.add('unrecognized_key', key, `unknown top-level key "${key}"`);
}

/**
 * Validates one OpenAI chat fine-tuning line (text or parsed): every check of the cookbook's format checker plus
 * tool roles and calls, declared tool names, weights, the loss mask and at least one trained assistant turn.
 */
export function validateOpenAiLine(line: unknown, options: OpenAiCheckOptions = {}): LineProblem[] {
  const problems = new LineProblems();
  const value = parseLineObject(line, problems);
  if (value === undefined) return problems.list;
  checkTopKeys(value, SFT_KEYS, options, problems);
  const toolNames = checkTools(value.tools, problems);
  if (value.parallel_tool_calls !== undefined && typeof value.parallel_tool_calls !== 'boolean') {
    problems.add('unrecognized_key', 'parallel_tool_calls', 'parallel_tool_calls must be a boolean');
  }
  const summary = checkOpenAiMessages(
    value.messages,
    'messages',
    { toolNames, requireTools: options.requireTools ?? true, allowWeight: true },
    problems,
  );
  if (Array.isArray(value.messages) && value.messages.length > 0) {
    if (summary.assistants === 0) problems.add('example_missing_assistant_message', 'messages', 'no assistant message');
    else if (summary.trained === 0)
      problems.add('no_trained_assistant', 'messages', 'every assistant message has weight 0: nothing to learn');
  }
  if (value.prompt !== undefined && typeof value.prompt !== 'string')
    problems.add('unrecognized_key', 'prompt', 'prompt must be the ask text');
  if (value.loss_mask !== undefined) checkLossMask(value.loss_mask, value.messages, problems);
  return problems.list;
}

function checkLossMask(mask: unknown, messages: unknown, problems: LineProblems): void {
  if (!Array.isArray(mask) || !Array.isArray(messages) || mask.length !== messages.length) {
    return problems.add('loss_mask_invalid', 'loss_mask', 'loss_mask must hold one 0/1 per message');
  }
  mask.forEach((value, index) => {
    const message = messages[index] as unknown;
    const role = isRecord(message) ? message.role : undefined;
    const expected = role === 'assistant' ? (isRecord(message) && message.weight === 0 ? 0 : 1) : 0;
    if (value !== expected)
      problems.add('loss_mask_invalid', `loss_mask[${index}]`, `expected ${expected} for this ${String(role)} message`);
  });
}

function checkOutput(
  output: unknown,
  path: string,
  toolNames: ReadonlySet<string> | null,
  options: OpenAiCheckOptions,
  problems: LineProblems,
): void {
  if (!Array.isArray(output) || output.length !== 1)
    return problems.add('preference_output_invalid', path, 'must hold exactly one assistant message');
  const first = output[0] as unknown;
  if (!isRecord(first) || first.role !== 'assistant')
    return problems.add('preference_output_invalid', `${path}[0]`, 'must be an assistant message');
  checkOpenAiMessages(output, path, { toolNames, requireTools: options.requireTools ?? true, allowWeight: false }, problems);
}

/**
 * Validates one OpenAI DPO line (the shape Together and Fireworks share): `input.messages` (+ `tools`), and one
 * assistant message each in `preferred_output` and `non_preferred_output`.
 */
export function validateOpenAiPreferenceLine(line: unknown, options: OpenAiCheckOptions = {}): LineProblem[] {
  const problems = new LineProblems();
  const value = parseLineObject(line, problems);
  if (value === undefined) return problems.list;
  checkTopKeys(value, PREFERENCE_KEYS, options, problems);
  const input = value.input;
  if (!isRecord(input)) {
    problems.add('missing_messages_list', 'input', 'input must be an object with messages');
    return problems.list;
  }
  for (const key of unknownKeys(input, INPUT_KEYS)) problems.add('unrecognized_key', `input.${key}`, `unknown key "${key}"`);
  const toolNames = checkTools(input.tools, problems, 'input.tools');
  const summary = checkOpenAiMessages(
    input.messages,
    'input.messages',
    { toolNames, requireTools: options.requireTools ?? true, allowWeight: false },
    problems,
  );
  const last = summary.roles.at(-1);
  if (last !== undefined && last !== 'user' && last !== 'tool')
    problems.add('preference_input_invalid', 'input.messages', 'input must end where the assistant answers (a user or tool message)');
  checkOutput(value.preferred_output, 'preferred_output', toolNames, options, problems);
  checkOutput(value.non_preferred_output, 'non_preferred_output', toolNames, options, problems);
  return problems.list;
}
