/**
 * JSON text with Python's default `json.dumps` separators (`", "` and `": "`), keys in insertion order: the
 * encoding the SDK writes for `function.arguments`, so a line exported here reads the same as one exported there.
 */
export function pythonJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => pythonJson(item === undefined ? null : item)).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, child]) => child !== undefined);
  return `{${entries.map(([key, child]) => `${JSON.stringify(key)}: ${pythonJson(child)}`).join(', ')}}`;
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
