import type { z } from 'zod';
import { LeakHitFact, type LineProblem, type PreparedFacts } from '../../../engine/index';
import { Row } from '../../../shared/domain';

/**
 * Reading a stored row body (and a prepared line's facts) for export. The store writes each body as `JSON.stringify` of
 * a row its schema parsed, so a body as the store wrote it is already what `Row.parse` would return: the same keys in
 * the schema's order, nothing extra, every value valid. `canonical` checks exactly that, compiled once from the schema
 * itself (a change to the schema changes the check), at a fraction of the parse's cost; a body that fails it (written
 * by another version, by hand, damaged) goes through `Row.safeParse`, and an error names the row.
 */

/** Whether `value` is, as it is, the output the schema would give for it (so the parse can be skipped). */
type Check = (value: unknown) => boolean;

/** A schema this module cannot mirror: the fast path is then off, and every body is parsed. */
class UnsupportedSchema extends Error {}

interface Def {
  type: string;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function numberCheck(check: Record<string, unknown>): (value: number) => boolean {
  switch (check.check) {
    case 'number_format':
      if (check.format === 'safeint') return Number.isSafeInteger;
      throw new UnsupportedSchema(`number format ${String(check.format)}`);
    case 'greater_than': {
      const bound = check.value as number;
      return check.inclusive ? (value) => value >= bound : (value) => value > bound;
    }
    case 'less_than': {
      const bound = check.value as number;
      return check.inclusive ? (value) => value <= bound : (value) => value < bound;
    }
    default:
      throw new UnsupportedSchema(`number check ${String(check.check)}`);
  }
}

function stringCheck(check: Record<string, unknown>): (value: string) => boolean {
  if (check.check === 'min_length') {
    const minimum = check.minimum as number;
    return (value) => value.length >= minimum;
  }
  throw new UnsupportedSchema(`string check ${String(check.check)}`);
}

function objectCheck(shape: Record<string, z.ZodType>): Check {
  const keys = Object.keys(shape);
  const position = new Map(keys.map((key, index) => [key, index]));
  const checks = keys.map((key) => compile(shape[key]!));
  const optional = keys.map((key) => defOf(shape[key]!).type === 'optional');
  const required = optional.filter((isOptional) => !isOptional).length;
  return (value) => {
    if (!isRecord(value)) return false;
    let last = -1;
    let present = 0;
    for (const key in value) {
      const index = position.get(key);
      // A key the schema does not know (the parse drops it) or out of the schema's order (the parse reorders).
      if (index === undefined || index <= last || !checks[index]!(value[key])) return false;
      if (!optional[index]) present += 1;
      last = index;
    }
    return present === required;
  };
}

/** Compiles the check of one schema; throws UnsupportedSchema for anything it does not mirror exactly. */
function compile(schema: z.ZodType): Check {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      const checks = (def.checks ?? []).map((check) => stringCheck(check._zod.def));
      return (value) => typeof value === 'string' && checks.every((check) => check(value));
    }
    case 'number': {
      const checks = (def.checks ?? []).map((check) => numberCheck(check._zod.def));
      return (value) => typeof value === 'number' && Number.isFinite(value) && checks.every((check) => check(value));
    }
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'unknown':
      return () => true;
    case 'enum': {
      const allowed = new Set(Object.values(def.entries ?? {}));
      return (value) => (typeof value === 'string' || typeof value === 'number') && allowed.has(value);
    }
    case 'literal': {
      const allowed = new Set(def.values ?? []);
      return (value) => allowed.has(value);
    }
    case 'optional': {
      const inner = compile(def.innerType!);
      return (value) => value !== undefined && inner(value);
    }
    case 'nullable': {
      const inner = compile(def.innerType!);
      return (value) => value === null || inner(value);
    }
    case 'array': {
      const element = compile(def.element!);
      return (value) => Array.isArray(value) && value.every(element);
    }
    case 'record': {
      const keyDef = defOf(def.keyType!);
      if (keyDef.type !== 'string' || (keyDef.checks ?? []).length > 0) throw new UnsupportedSchema(`record key ${keyDef.type}`);
      const item = compile(def.valueType!);
      return (value) => {
        if (!isRecord(value)) return false;
        for (const key in value) if (key === '__proto__' || !item(value[key])) return false;
        return true;
      };
    }
    case 'union': {
      const options = (def.options ?? []).map(compile);
      return (value) => options.some((option) => option(value));
    }
    case 'object':
      if ((def.checks ?? []).length > 0) throw new UnsupportedSchema('object refinement');
      return objectCheck(def.shape!);
    default:
      throw new UnsupportedSchema(`schema type ${def.type}`);
  }
}

function compileOrNull(schema: z.ZodType): Check | null {
  try {
    return compile(schema);
  } catch (error) {
    if (error instanceof UnsupportedSchema) return null;
    throw error;
  }
}

/** The fast check of a stored body; null when the Row schema uses something it cannot mirror (every body is then parsed). */
export const canonicalRow = compileOrNull(Row);

/** A prepared line's facts as their columns hold them (migration 012; null where the row has no line). */
export interface FactColumns {
  n_messages: number | null;
  has_user: number | null;
  calls: number | null;
  trained: number | null;
  masked: number | null;
  empty_turns: number | null;
  tool_calls: number | null;
  leak_checked: number | null;
  leak_hit: string | null;
  needle_min: number | null;
}

const count = (value: number | null, least: number): value is number => Number.isSafeInteger(value) && (value as number) >= least;
const flag = (value: number | null): value is 0 | 1 => value === 0 || value === 1;

/**
 * A prepared line's facts from their columns, checked as PreparedFacts would check them (the store's column types
 * already hold them to integers); null when they do not check (a line damaged or written by hand: the row is then read
 * whole, and its body decides).
 */
export function preparedFactsOf(columns: FactColumns): PreparedFacts | null {
  const { n_messages, has_user, calls, trained, masked, empty_turns, tool_calls, leak_checked, leak_hit, needle_min } = columns;
  if (!count(n_messages, 1) || !flag(has_user) || !count(calls, 0) || !count(trained, 1) || !count(masked, 0) || !count(empty_turns, 0))
    return null;
  if (!flag(tool_calls) || !flag(leak_checked) || (needle_min !== null && !count(needle_min, 1))) return null;
  let leak: PreparedFacts['leak'] = null;
  if (leak_checked === 1) {
    const hit = leak_hit === null ? null : LeakHitFact.safeParse(parsedOrNull(leak_hit));
    if (hit && !hit.success) return null;
    leak = { hit: hit ? hit.data : null };
  } else if (leak_hit !== null) return null;
  return {
    messages: n_messages,
    user: has_user === 1,
    calls,
    trained,
    masked,
    empty_turns,
    tool_calls: tool_calls === 1,
    leak,
    needle_min,
  };
}

const NO_PROBLEMS: readonly LineProblem[] = [];

const isProblem = (value: unknown): value is LineProblem =>
  isRecord(value) &&
  Object.keys(value).length === 3 &&
  typeof value.type === 'string' &&
  typeof value.path === 'string' &&
  typeof value.message === 'string';

/**
 * A prepared line's problems from their column (migration 018): none for NULL; null when they do not check (a line
 * damaged or written by hand: the row is then read whole).
 */
export function preparedProblemsOf(text: string | null): readonly LineProblem[] | null {
  if (text === null) return NO_PROBLEMS;
  const kept = problemsByText.get(text);
  if (kept !== undefined) return kept;
  const value = parsedOrNull(text);
  const problems =
    Array.isArray(value) && value.length > 0 && value.every(isProblem)
      ? Object.freeze(value.map((problem) => Object.freeze(problem)))
      : null;
  if (problemsByText.size >= PROBLEM_TEXTS_KEPT) problemsByText.clear();
  problemsByText.set(text, problems);
  return problems;
}

/**
 * Problems columns already read, each parsed once (frozen: rows share them). A run's rows hold few distinct texts (a
 * tool the run does not offer, at one path): parsing each row's again cost 0.3 s of a 1,000,000-row export.
 */
const problemsByText = new Map<string, readonly LineProblem[] | null>();
const PROBLEM_TEXTS_KEPT = 256;

function parsedOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A row body read back for export, through the fast check or else the schema; errors name the row by its store id. */
export function readRowBody(id: string, body: string): Row {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new Error(`stored body of row ${id} is not valid JSON`);
  }
  if (canonicalRow?.(value)) return value as Row;
  const parsed = Row.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`stored body of row ${id} does not match the row schema at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  return parsed.data;
}
