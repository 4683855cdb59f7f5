// What the API fuzz asserts of every refusal beyond "a closed code and a message": it says WHERE the problem is.
// A refused input names its field; a refused file names the file and the line (and the field, where there is one);
// a missing thing is named by the id the caller sent.
import { readFileSync } from 'node:fs';
import type { ApiError } from '../../shared/api';

/** A file an input carries or points at: the name an error should use, and its text (to bound its line numbers). */
interface CarriedFile {
  name: string;
  text: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Lines a reader can count in `text`, however its lines end. */
const lineCount = (text: string) => text.split(/\r\n|\r|\n/).length;

function readText(path: unknown): string | undefined {
  try {
    return typeof path === 'string' ? readFileSync(path, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

/** The named files of a method's input: trace files, the two prove sides, decontamination files on disk. */
function carriedFiles(method: string, input: unknown): CarriedFile[] {
  if (!isRecord(input)) return [];
  const named = (value: unknown): CarriedFile[] =>
    isRecord(value) && typeof value.name === 'string' && typeof value.text === 'string'
      ? [{ name: value.name.trim(), text: value.text }]
      : [];
  switch (method) {
    case 'traces.import':
      return Array.isArray(input.files) ? input.files.flatMap(named) : [];
    case 'prove.report':
      return [...named(input.before), ...named(input.after)];
    case 'exports.preview':
    case 'exports.start': {
      const files = isRecord(input.decontaminate) && Array.isArray(input.decontaminate.files) ? input.decontaminate.files : [];
      return files.flatMap((path) => {
        const text = readText(path);
        return text === undefined ? [] : [{ name: String(path), text }];
      });
    }
    default:
      return [];
  }
}

/** Every string the caller sent, at any depth. */
function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, out);
  else if (isRecord(value)) for (const item of Object.values(value)) stringsIn(item, out);
  return out;
}

/** Fields of the form a method serves, beyond its input: the folder picker points the page at its folder field. */
const FORM_FIELDS: Readonly<Record<string, readonly string[]>> = { 'app.chooseFolder': ['folder'] };

/** Why an issue's path names no field of the input, no line of one of its files: null when it names one. */
function pathProblem(
  path: string,
  context: { keys: readonly string[]; files: readonly CarriedFile[]; labelsText?: string },
): string | null {
  if (path.trim() === '') return 'a blank path';
  // The whole input: not an object at all, or a key the method does not take (zod's message names it).
  if (path === '(root)') return null;
  const line = /^line (\d+)(?:\.\S+)?$/.exec(path);
  if (line && context.labelsText !== undefined) {
    const number = Number(line[1]);
    return number >= 1 && number <= lineCount(context.labelsText)
      ? null
      : `line ${number} is not a line of the file (${lineCount(context.labelsText)} lines)`;
  }
  // Two files may share a name (the import then refuses the pair): the line must be a line of one of them.
  let outside: string | null = null;
  for (const file of context.files) {
    if (path === file.name) return null;
    if (!path.startsWith(`${file.name}:`)) continue;
    const at = /^(\d+)(?: \S+)?$/.exec(path.slice(file.name.length + 1));
    if (!at) continue;
    const number = Number(at[1]);
    if (number >= 1 && number <= lineCount(file.text)) return null;
    outside = `${file.name}:${number} is not a line of the file (${lineCount(file.text)} lines)`;
  }
  if (outside) return outside;
  const field = path.split('.')[0]!;
  return context.keys.includes(field)
    ? null
    : `"${path}" is neither a field of the input (${context.keys.join(', ')}) nor a line of a file it carries`;
}

/**
 * Why `error` does not say where the problem is, or null when it does:
 * - VALIDATION_FAILED with issues: each issue's path is a field of the input (its first segment a key the method
 *   takes), `line N` of a labels file, or `FILE:N` / `FILE` of a file the input carries, N within the file; a refusal
 *   by the contract also repeats every path in its message;
 * - VALIDATION_FAILED without issues: the message names a file, a field, or a value the caller sent;
 * - NOT_FOUND: the message names the id (a value the caller sent) that was not found.
 * Other codes (CONFLICT: the app's state; MODEL_ERROR; INTERNAL, counted apart) are not about the input's place.
 */
export function unnamedProblem(method: string, input: unknown, schemaKeys: readonly string[], error: ApiError): string | null {
  // Services name fields inside the one object a method wraps its request in (runs.start's `config`) from there.
  const nested = isRecord(input) ? Object.values(input).flatMap((value) => (isRecord(value) ? Object.keys(value) : [])) : [];
  const keys = [...new Set([...schemaKeys, ...(isRecord(input) ? Object.keys(input) : []), ...nested, ...(FORM_FIELDS[method] ?? [])])];
  const sent = stringsIn(input).filter((text) => text.trim().length > 0);
  const echoes = (message: string) =>
    sent.some((text) => message.includes(text) || message.toLowerCase().includes(text.trim().toLowerCase())) ||
    keys.some((key) => message.includes(key));
  // An id of spaces is still the id sent (the contract takes any non-empty string): the message quotes it as it came.
  const sentAtAll = stringsIn(input).filter((text) => text.length > 0);
  if (error.code === 'NOT_FOUND')
    return sentAtAll.length === 0 || sentAtAll.some((text) => error.message.includes(text.trim() || text))
      ? null
      : `names none of the values sent: ${error.message}`;
  if (error.code !== 'VALIDATION_FAILED') return null;
  if (!error.issues || error.issues.length === 0) {
    const files = carriedFiles(method, input);
    return files.some((file) => error.message.includes(file.name)) || echoes(error.message)
      ? null
      : `names no file, field or value sent: ${error.message}`;
  }
  const context = {
    keys,
    files: carriedFiles(method, input),
    ...(method === 'labels.import' && isRecord(input) && typeof input.text === 'string' ? { labelsText: input.text } : {}),
  };
  for (const issue of error.issues) {
    const problem = pathProblem(issue.path, context);
    if (problem) return `${problem}: ${error.message}`;
    if (error.message.startsWith('Invalid input for ') && !error.message.includes(`${issue.path}: `))
      return `the message does not repeat the path ${issue.path}: ${error.message}`;
  }
  return null;
}

/** The top-level keys a contract input schema takes (an object, or one wrapped in a default or a pipe). */
export function inputKeys(schema: unknown): string[] {
  let current = schema as { _zod?: { def?: { type?: string; shape?: Record<string, unknown>; innerType?: unknown; in?: unknown } } };
  for (let depth = 0; depth < 5; depth += 1) {
    const def = current._zod?.def;
    if (!def) return [];
    if (def.type === 'object' && def.shape) return Object.keys(def.shape);
    const inner = def.innerType ?? def.in;
    if (!inner) return [];
    current = inner as typeof current;
  }
  return [];
}
