import { formatCount } from '../../views/run/format';

export { formatCount };

/** "1 row" or "1,499 rows". */
export const countOf = (n: number, one: string, many: string): string => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * A sentence from main or the engine with its counts written as the app writes them: "Wrote 1499 lines" becomes
 * "Wrote 1,499 lines". Only a number standing before a counted noun changes, never one inside a path, an id or a date.
 */
export function formatCountsIn(sentence: string): string {
  return sentence.replace(
    /(^|[\s(])(\d{4,})(?= (?:rows?|lines?|files?|tasks?|asks?|pairs?|conversations?|selected)\b)/g,
    (_match, before: string, digits: string) => `${before}${formatCount(Number(digits))}`,
  );
}

/** A stored time as "2026-11-30 14:05 UTC": the same on every machine, to the minute. */
export function formatStoredTime(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return match ? `${match[1]} ${match[2]} UTC` : iso;
}
