/** One thing wrong with one exported line; `type` counts like the cookbook checker's error keys. */
export interface LineProblem {
  type: string;
  /** Where in the line, e.g. `messages[3].tool_calls[0].function.arguments`. */
  path: string;
  message: string;
}

export class LineProblems {
  readonly list: LineProblem[] = [];

  add(type: string, path: string, message: string): void {
    this.list.push({ type, path, message });
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const NONE: string[] = [];

export function unknownKeys(value: Record<string, unknown>, allowed: ReadonlySet<string>): string[] {
  let unknown = NONE;
  for (const key in value) {
    if (!allowed.has(key)) unknown = unknown === NONE ? [key] : [...unknown, key];
  }
  return unknown;
}

/** Parses a line when given text; a parse failure is the cookbook's `data_type` error. */
function parseLine(line: unknown, problems: LineProblems): unknown {
  if (typeof line !== 'string') return line;
  try {
    return JSON.parse(line) as unknown;
  } catch (error) {
    problems.add('data_type', '', `not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

/** The line as a JSON object (parsed when given text); undefined, with its `data_type` problem added, when it is not one. */
export function parseLineObject(line: unknown, problems: LineProblems): Record<string, unknown> | undefined {
  const value = parseLine(line, problems);
  if (problems.list.length > 0) return undefined;
  if (!isRecord(value)) {
    problems.add('data_type', '', 'a line must be a JSON object');
    return undefined;
  }
  return value;
}
