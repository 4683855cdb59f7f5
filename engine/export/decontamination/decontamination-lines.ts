import type { DecontaminationRow, EvalRow } from './decontaminate';
import { isRecord } from '../gates/line-problems';

/** A problem with one line of an input file; `line` is 1-based. */
export interface LineError {
  line: number;
  field?: string;
  message: string;
}

/** One parsed line: what the rules read, plus the value as given (so kept lines are written back unchanged). */
export interface ParsedLine extends DecontaminationRow, EvalRow {
  line: number;
  id: string | null;
  value: Record<string, unknown>;
}

function firstUserText(messages: unknown): string | undefined {
  if (!Array.isArray(messages)) return undefined;
  for (const message of messages) {
    if (isRecord(message) && message.role === 'user') {
      if (typeof message.content === 'string') return message.content;
      if (Array.isArray(message.content)) {
        return message.content.flatMap((part: unknown) => (isRecord(part) && typeof part.text === 'string' ? [part.text] : [])).join('\n');
      }
    }
  }
  return undefined;
}

function idField(value: Record<string, unknown>, key: string, line: number): string | null | LineError {
  const raw = value[key];
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'string' || typeof raw === 'number') return String(raw);
  return { line, field: key, message: `${key} must be a string or a number` };
}

const isError = (value: unknown): value is LineError =>
  isRecord(value) && typeof value.message === 'string' && typeof value.line === 'number';

/**
 * Reads one JSONL line of a decontamination input: a chat row (`messages`, e.g. our own exports) or a
 * `{"id", "task_id", "prompt"}` line. Its text is `prompt` (a string, or the first user turn of a message list),
 * else its first user message; its task id is `scenario_id`, else `task_id`. Blank lines give null.
 */
export function parseDecontaminationLine(text: string, line: number): ParsedLine | LineError | null {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(trimmed) as unknown;
  } catch (error) {
    return { line, message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!isRecord(value)) return { line, message: 'a line must be a JSON object' };
  let prompt: string | undefined;
  if (typeof value.prompt === 'string') prompt = value.prompt;
  else if (Array.isArray(value.prompt)) prompt = firstUserText(value.prompt);
  else if (value.prompt !== undefined && value.prompt !== null)
    return { line, field: 'prompt', message: 'prompt must be a string or a list of messages' };
  prompt ??= firstUserText(value.messages) ?? (isRecord(value.input) ? firstUserText(value.input.messages) : undefined);
  if (prompt === undefined || prompt.trim() === '')
    return { line, field: 'prompt', message: 'no prompt: give "prompt" or a user message in "messages"' };
  const scenario = idField(value, 'scenario_id', line);
  const task = idField(value, 'task_id', line);
  const id = idField(value, 'id', line);
  for (const field of [scenario, task, id]) if (isError(field)) return field;
  const optionalText = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : null);
  return {
    line,
    id: id as string | null,
    text: prompt,
    prompt,
    task_id: (scenario as string | null) ?? (task as string | null),
    answer: optionalText('answer'),
    reference: optionalText('reference'),
    value,
  };
}

/** Reads a whole JSONL text; every bad line is reported with its number, good lines are kept. */
export function parseDecontaminationJsonl(source: string): { rows: ParsedLine[]; errors: LineError[] } {
  const rows: ParsedLine[] = [];
  const errors: LineError[] = [];
  source.split(/\r?\n/).forEach((text, index) => {
    const parsed = parseDecontaminationLine(text, index + 1);
    if (parsed === null) return;
    if ('value' in parsed) rows.push(parsed);
    else errors.push(parsed);
  });
  return { rows, errors };
}
