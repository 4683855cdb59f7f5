// The documented rules of the readers each export format targets, written as checks (the readers themselves, Python
// libraries and a hosted service, cannot run here). Each check returns the problems a reader would raise for a file.
// Sources, as the handbook's FORMATS.md gives them:
// - OpenAI fine-tuning (chat SFT, `FineTuneChatRequestInput`; DPO guide): a line holds `messages`, optional `tools`,
//   `parallel_tool_calls`; assistant `weight` 0/1; tool-call `arguments` a JSON string. DPO: `input` {messages, tools,
//   parallel_tool_calls}, `preferred_output` / `non_preferred_output` with one assistant message each.
// - Together's file checker: any top-level key besides `messages` (and `tools`) refuses the file; preference files are
//   the OpenAI DPO shape.
// - TRL (`trl` docs, dataset_formats.md, HEAD f2cd577): SFTTrainer takes `messages` (language modeling) or `prompt` +
//   `completion`; a `prompt` beside `messages` sends it down the prompt-completion path (KeyError 'completion').
//   DPOTrainer takes `prompt` / `chosen` / `rejected` (and `tools`). GRPO takes `prompt`; other columns go to the reward
//   functions as keyword arguments.
// - `datasets.load_dataset("json")`: every split file named in `configs` must hold a line (an empty one fails every
//   split with SchemaInferenceError), and the lines of a file share one schema (the same top-level keys).

type Line = Record<string, unknown>;

const keysOf = (line: Line) => Object.keys(line).sort();
const isRecord = (value: unknown): value is Line => typeof value === 'object' && value !== null && !Array.isArray(value);

function onlyKeys(line: Line, allowed: readonly string[], reader: string): string[] {
  const extra = Object.keys(line).filter((key) => !allowed.includes(key));
  return extra.length === 0 ? [] : [`${reader} refuses the keys ${extra.join(', ')}`];
}

/** OpenAI's fine-tuning reader, chat SFT. */
export function openAiSftProblems(line: Line): string[] {
  const problems = onlyKeys(line, ['messages', 'tools', 'parallel_tool_calls'], 'OpenAI fine-tuning');
  for (const message of Array.isArray(line.messages) ? line.messages : []) {
    if (!isRecord(message)) continue;
    if ('weight' in message && (message.role !== 'assistant' || ![0, 1].includes(message.weight as number)))
      problems.push(`weight ${String(message.weight)} on a ${String(message.role)} message`);
    for (const call of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
      const fn = isRecord(call) && isRecord(call.function) ? call.function : null;
      if (typeof fn?.arguments !== 'string') problems.push('tool-call arguments that are not a JSON string');
    }
  }
  return problems;
}

/** Together's checker: `messages` and `tools` only. */
export const togetherSftProblems = (line: Line): string[] => onlyKeys(line, ['messages', 'tools'], "Together's checker");

/** OpenAI's (and Together's) DPO reader. */
export function openAiDpoProblems(line: Line): string[] {
  const problems = onlyKeys(line, ['input', 'preferred_output', 'non_preferred_output'], 'OpenAI DPO');
  if (isRecord(line.input)) problems.push(...onlyKeys(line.input, ['messages', 'tools', 'parallel_tool_calls'], 'OpenAI DPO input'));
  for (const side of ['preferred_output', 'non_preferred_output']) {
    const output = line[side];
    if (!Array.isArray(output) || output.length !== 1 || !isRecord(output[0]) || output[0].role !== 'assistant')
      problems.push(`${side} must hold exactly one assistant message`);
  }
  return problems;
}

/** TRL's SFTTrainer: language modeling or prompt-completion, never a `prompt` beside `messages`. */
export function trlSftProblems(line: Line): string[] {
  if ('messages' in line) return onlyKeys(line, ['messages', 'tools'], 'TRL SFTTrainer (language modeling)');
  if ('prompt' in line && !('completion' in line)) return ["TRL SFTTrainer: a prompt without a completion (KeyError: 'completion')"];
  return onlyKeys(line, ['prompt', 'completion', 'tools'], 'TRL SFTTrainer (prompt-completion)');
}

/** TRL's DPOTrainer, explicit-prompt conversational preference. */
export const trlDpoProblems = (line: Line): string[] => onlyKeys(line, ['prompt', 'chosen', 'rejected', 'tools'], 'TRL DPOTrainer');

/** `datasets.load_dataset("json")` on one split file. */
export function loadDatasetProblems(lines: readonly Line[]): string[] {
  if (lines.length === 0) return ['an empty split file: SchemaInferenceError for every split'];
  const first = keysOf(lines[0]!).join(',');
  const other = lines.findIndex((line) => keysOf(line).join(',') !== first);
  return other < 0 ? [] : [`line ${other + 1} has the keys ${keysOf(lines[other]!).join(', ')}, line 1 ${first}`];
}
