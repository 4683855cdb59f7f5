import { jsonString, needsEscape } from './json-text';

/** Set while writing a value when an array hole was written as nothing (the text is then not JSON). */
let holeWritten = false;

/** How the leaves of a value are written: as JSON, or as JSON already quoted inside a JSON string. */
interface Leaves {
  string(text: string): string;
  scalar(value: unknown): string;
}

/** A JSON text as it reads inside a JSON string: quotes and backslashes escaped (its other characters need none). */
function quoteJson(json: string): string {
  return needsEscape(json) ? JSON.stringify(json).slice(1, -1) : json;
}

const PLAIN: Leaves = { string: jsonString, scalar: (value) => JSON.stringify(value) ?? 'null' };
const QUOTED: Leaves = {
  string: (text) => (needsEscape(text) ? quoteJson(jsonString(text)) : `\\"${text}\\"`),
  scalar: (value) => quoteJson(JSON.stringify(value) ?? 'null'),
};

function write(value: unknown, leaves: Leaves): string {
  if (typeof value === 'string') return leaves.string(value);
  if (value === null || typeof value !== 'object') return leaves.scalar(value);
  let text: string;
  if (Array.isArray(value)) {
    text = '[';
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      // A hole of a sparse array stays empty, as `map` + `join` left it.
      const hole = !(index in value);
      if (hole) holeWritten = true;
      text += `${index === 0 ? '' : ', '}${hole ? '' : write(item === undefined ? null : item, leaves)}`;
    }
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  text = '{';
  let first = true;
  for (const key of Object.keys(record)) {
    const child = record[key];
    if (child === undefined) continue;
    text += `${first ? '' : ', '}${leaves.string(key)}: ${write(child, leaves)}`;
    first = false;
  }
  return `${text}}`;
}

/**
 * JSON text with Python's default `json.dumps` separators (`", "` and `": "`), keys in insertion order: the
 * encoding the SDK writes for `function.arguments`, so a line exported here reads the same as one exported there.
 */
export function pythonJson(value: unknown): string {
  return write(value, PLAIN);
}

/**
 * `JSON.stringify(pythonJson(value))`, written in one pass: the text of the arguments as a JSON string, as a line
 * carries them. Null when the text would not parse back (a hole of a sparse array, never in parsed data): every other
 * value is written as JSON, so the caller knows the round trip holds without parsing.
 */
export function quotedPythonJson(value: unknown): string | null {
  holeWritten = false;
  const text = `"${write(value, QUOTED)}"`;
  return holeWritten ? null : text;
}

const MAX_DECODES = 3;

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Tool-call arguments as an object: a string is JSON-decoded up to three times (agents and log pipelines
 * double-encode). Returns null when no object comes out, and the exporters keep the raw value for the gate to catch.
 */
export function decodeArguments(value: unknown): Record<string, unknown> | null {
  let current = value;
  for (let attempt = 0; attempt < MAX_DECODES && typeof current === 'string'; attempt++) {
    try {
      current = JSON.parse(current) as unknown;
    } catch {
      return null;
    }
  }
  return isPlainObject(current) ? current : null;
}
