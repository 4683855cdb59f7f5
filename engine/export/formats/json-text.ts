/** Characters `JSON.stringify` escapes in a string: quote, backslash, controls, and any surrogate (a lone one is escaped). */
// eslint-disable-next-line no-control-regex -- the control characters are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** Whether `JSON.stringify` would escape a character of the text (it is then more than the text in quotes). */
export const needsEscape = (text: string): boolean => NEEDS_ESCAPE.test(text);

/**
 * `JSON.stringify(text)` for a string, byte for byte: a string with nothing to escape (most text) is only quoted,
 * which skips a call into the serialiser for each of the many short strings of a line.
 */
export function jsonString(text: string): string {
  return needsEscape(text) ? JSON.stringify(text) : `"${text}"`;
}

const OBJECT_PROTOTYPE = Object.prototype;

/** Whether `JSON.stringify` writes the value as plain data: no `toJSON`, no prototype but Object's (or none). */
function plainRecord(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return (prototype === OBJECT_PROTOTYPE || prototype === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/** Deeper than this, `JSON.stringify` decides (a cycle then throws its own error, not a stack overflow). */
const MAX_DEPTH = 32;

/** The text of a value written by `compactJson`, or null where `JSON.stringify` must decide (see there). */
function compactText(value: unknown, depth: number): string | null {
  switch (typeof value) {
    case 'string':
      return jsonString(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (depth > MAX_DEPTH) return null;
      if (Array.isArray(value)) {
        if (Object.getPrototypeOf(value) !== Array.prototype || typeof (value as { toJSON?: unknown }).toJSON === 'function') return null;
        let text = '[';
        for (let index = 0; index < value.length; index++) {
          const item: unknown = value[index];
          const itemText =
            item === undefined || typeof item === 'function' || typeof item === 'symbol' ? 'null' : compactText(item, depth + 1);
          if (itemText === null) return null;
          text += index === 0 ? itemText : `,${itemText}`;
        }
        return `${text}]`;
      }
      if (!plainRecord(value)) return null;
      let text = '{';
      for (const key of Object.keys(value)) {
        const child = value[key];
        if (child === undefined || typeof child === 'function' || typeof child === 'symbol') continue;
        const childText = compactText(child, depth + 1);
        if (childText === null) return null;
        text += `${text === '{' ? '' : ','}${jsonString(key)}:${childText}`;
      }
      return `${text}}`;
    }
    default:
      return null;
  }
}

/**
 * `JSON.stringify(value)`, byte for byte: plain data (the small objects and arrays every line carries) is written here,
 * which costs less than a call into the serialiser for each; anything else (a `toJSON`, a class instance, a bigint, a
 * cycle) is left to `JSON.stringify` itself, errors included.
 */
export function compactJson(value: unknown): string | undefined {
  return (compactText(value, 0) ?? JSON.stringify(value)) as string | undefined;
}
