import type { Row } from '../../../shared/domain';
import { LEAK_MIN_QUOTE_CHARS } from '../constants';

/** Keys that never leave the store, at any depth of any exported value. */
export const NEVER_EXPORTED_KEYS: ReadonlySet<string> = new Set(['privileged', 'vector']);

function holdsNeverExported(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsNeverExported);
  if (value === null || typeof value !== 'object') return false;
  for (const key in value as Record<string, unknown>) {
    if (NEVER_EXPORTED_KEYS.has(key) || holdsNeverExported((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** The value without `privileged` and `vector` keys at any depth (a copy only when there is one to drop). */
export function scrubPrivileged<T>(value: T): T {
  return holdsNeverExported(value) ? scrubDeep(value) : value;
}

function scrubDeep<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => scrubDeep(item)) as T;
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      if (!NEVER_EXPORTED_KEYS.has(key)) copy[key] = scrubDeep(child);
    }
    return copy as T;
  }
  return value;
}

const NO_NEEDLES: readonly string[] = [];
/** The last row's privileged texts and their needles: rows of one scenario come together and share them. */
let lastPrivileged: { values: string[]; needles: readonly string[] } | null = null;

const sameTexts = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((text, index) => text === b[index]);

/** The row's privileged texts long enough to count as a quote, longest first (so a longer one is redacted whole). */
export function privilegedNeedles(row: Row): readonly string[] {
  if (!row.privileged) return NO_NEEDLES;
  const raw = Object.values(row.privileged);
  if (lastPrivileged && sameTexts(lastPrivileged.values, raw)) return lastPrivileged.needles;
  const values = raw.map((text) => text.trim());
  const needles = [...new Set(values.filter((text) => text.length >= LEAK_MIN_QUOTE_CHARS))].sort(
    (a, b) => b.length - a.length || (a < b ? -1 : 1),
  );
  lastPrivileged = { values: raw, needles };
  return needles;
}

export const REDACTED = '[redacted]';

/**
 * Replaces privileged text inside metadata strings (a judge's reason may quote the reference) at any depth.
 * Matching ignores case; the surrounding text is kept.
 */
export function redactPrivileged<T>(value: T, needles: readonly string[]): T {
  if (needles.length === 0) return value;
  const lowered = needles.map((needle) => needle.toLowerCase());
  const shortest = Math.min(...lowered.map((needle) => needle.length));
  return holdsNeedle(value, lowered, shortest) ? redactDeep(value, needles) : value;
}

/**
 * Whether `scrubPrivileged` or `redactPrivileged(_, needles)` would change an object holding these values: a
 * never-exported key at any depth, or a needle in any string.
 */
export function holdsPrivileged(values: readonly unknown[], needles: readonly string[]): boolean {
  const prepared = needles.length === 0 ? null : preparedNeedles(needles);
  for (const value of values) if (holdsEither(value, prepared)) return true;
  return false;
}

interface PreparedNeedles {
  needles: readonly string[];
  lowered: string[];
  shortest: number;
}

let lastPrepared: PreparedNeedles | null = null;

function preparedNeedles(needles: readonly string[]): PreparedNeedles {
  if (lastPrepared?.needles !== needles) {
    const lowered = needles.map((needle) => needle.toLowerCase());
    lastPrepared = { needles, lowered, shortest: Math.min(...lowered.map((needle) => needle.length)) };
  }
  return lastPrepared;
}

/** `holdsNeverExported(value) || holdsNeedle(value, ...)` in one walk. */
function holdsEither(value: unknown, prepared: PreparedNeedles | null): boolean {
  if (typeof value === 'string') return prepared !== null && holdsNeedle(value, prepared.lowered, prepared.shortest);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsEither(item, prepared));
  for (const key in value as Record<string, unknown>) {
    if (NEVER_EXPORTED_KEYS.has(key) || holdsEither((value as Record<string, unknown>)[key], prepared)) return true;
  }
  return false;
}

/**
 * Whether lowercasing can make the string as long as `length`: only `İ` (U+0130) lowercases to more than one unit (two).
 * A string that cannot holds no needle of that length.
 */
export const mayLowerTo = (text: string, length: number): boolean =>
  text.length >= length || (text.length * 2 >= length && text.includes('\u0130'));

/** Whether any string at any depth contains a needle (lowercased); a string too short to hold the shortest is not lowered. */
function holdsNeedle(value: unknown, needles: readonly string[], shortest: number): boolean {
  if (typeof value === 'string') {
    if (!mayLowerTo(value, shortest)) return false;
    const text = value.toLowerCase();
    return needles.some((needle) => text.includes(needle));
  }
  if (Array.isArray(value)) return value.some((item) => holdsNeedle(item, needles, shortest));
  if (value !== null && typeof value === 'object') {
    for (const key in value as Record<string, unknown>)
      if (holdsNeedle((value as Record<string, unknown>)[key], needles, shortest)) return true;
  }
  return false;
}

function redactDeep<T>(value: T, needles: readonly string[]): T {
  if (typeof value === 'string') {
    let text: string = value;
    for (const needle of needles) {
      const pattern = new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
      text = text.replace(pattern, REDACTED);
    }
    return text as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => redactDeep(item, needles)) as T;
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) copy[key] = redactDeep(child, needles);
    return copy as T;
  }
  return value;
}
