import { constants } from 'node:buffer';
import type { z } from 'zod';
import { contract, isMethod } from '../../shared/api';

const MIB = 1024 * 1024;

/** A method whose contract declares no large text takes a body of at most this many bytes. */
export const DEFAULT_BODY_BYTES = 16 * MIB;
/** Room for everything around the texts: names, options, JSON punctuation. */
const ENVELOPE_BYTES = MIB;
/**
 * A character of a text as JSON on the wire: three bytes covers any letter of the Basic Multilingual Plane in
 * UTF-8, an escaped quote, backslash, tab or line break, and half of a surrogate pair.
 */
const BYTES_PER_CHARACTER = 3;
/** A body is read as one string before JSON.parse: no body can be longer than a string can. */
export const MAX_BODY_BYTES = constants.MAX_STRING_LENGTH;

type Schema = z.core.$ZodType;

/** The `max_length` a string or array schema declares, if any. */
function maxLength(schema: Schema): number | undefined {
  const checks = (schema._zod.def as { checks?: Schema[] }).checks ?? [];
  for (const check of checks) {
    const def = check._zod.def as { check?: string; maximum?: number };
    if (def.check === 'max_length' && typeof def.maximum === 'number') return def.maximum;
  }
  return undefined;
}

/**
 * The characters of declared-length text a valid input can hold: strings by their `max`, arrays times their `max`
 * items (one when unbounded), objects summed, unions by their largest option. Strings with no `max` count 0 (the
 * default limit covers them); a schema met again inside itself (through `lazy`) counts 0.
 */
function textCharacters(schema: Schema, within: Set<Schema> = new Set()): number {
  if (within.has(schema)) return 0;
  within.add(schema);
  const characters = ownTextCharacters(schema, within);
  within.delete(schema);
  return characters;
}

function ownTextCharacters(schema: Schema, seen: Set<Schema>): number {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string) => textCharacters(def[key] as Schema, seen);
  switch (def.type) {
    case 'string':
      return maxLength(schema) ?? 0;
    case 'array':
      return (maxLength(schema) ?? 1) * inner('element');
    case 'object':
      return Object.values(def.shape as Record<string, Schema>).reduce((sum, field) => sum + textCharacters(field, seen), 0);
    case 'union':
      return Math.max(0, ...(def.options as Schema[]).map((option) => textCharacters(option, seen)));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner('innerType');
    case 'pipe':
      return inner('in');
    case 'record':
      return inner('valueType');
    case 'lazy':
      return textCharacters((def.getter as () => Schema)(), seen);
    default:
      return 0;
  }
}

const limits = new Map<string, number>();

/**
 * The largest request body browser mode reads for `method`, in bytes: room for the largest input its contract
 * accepts (each declared character as up to three bytes, plus an envelope), at least 16 MB, at most what one string
 * can hold, rounded up to a whole MB. An unknown method gets the default (dispatch then answers 404).
 */
export function bodyLimit(method: string): number {
  const known = limits.get(method);
  if (known !== undefined) return known;
  const characters = isMethod(method) ? textCharacters(contract[method].input as unknown as Schema) : 0;
  const wanted = Math.ceil((characters * BYTES_PER_CHARACTER + ENVELOPE_BYTES) / MIB) * MIB;
  const limit = Math.min(MAX_BODY_BYTES, Math.max(DEFAULT_BODY_BYTES, wanted));
  if (isMethod(method)) limits.set(method, limit);
  return limit;
}

/** `16 MB`, `193 MB`: a limit as messages show it (MB of 1024 x 1024 bytes, rounded down). */
export function formatLimit(bytes: number): string {
  return `${Math.floor(bytes / MIB)} MB`;
}
