import type { SeededFaker } from '../seeded-faker';

/** The world's calendar (section 8: dates in 2022..2026). */
const FIRST_DAY = Date.UTC(2022, 0, 1);
const LAST_DAY = Date.UTC(2026, 11, 31);
const DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

export function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

function dayOf(value: string): number | undefined {
  const match = ISO_DATE.exec(value);
  if (match === null) return undefined;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isFinite(time) ? time : undefined;
}

/** Every ISO date string in an example, at any depth. */
function datesIn(value: unknown, into: number[]): void {
  if (typeof value === 'string') {
    const day = dayOf(value);
    if (day !== undefined) into.push(day);
  } else if (Array.isArray(value)) value.forEach((item) => datesIn(item, into));
  else if (value !== null && typeof value === 'object') Object.values(value).forEach((item) => datesIn(item, into));
}

/**
 * How many days an example's dates move so that all of them land in 2022..2026 together: placed before delivered,
 * booked before the visit, as the example has them. 0 when the example holds no date.
 */
export function shiftFor(example: unknown, faker: SeededFaker): number {
  const days: number[] = [];
  datesIn(example, days);
  if (days.length === 0) return 0;
  const first = Math.min(...days);
  const span = Math.max(...days) - first;
  const latestStart = Math.max(FIRST_DAY, LAST_DAY - span);
  const start = FIRST_DAY + faker.number.int({ min: 0, max: Math.round((latestStart - FIRST_DAY) / DAY) }) * DAY;
  // Never 0: a fill whose shift is 0 would read as "no dates to move".
  return Math.round((start - first) / DAY) || 1;
}

/** The date (or date-time, whose time and offset are kept) moved by whole days. */
export function movedDate(value: string, days: number): string {
  const day = dayOf(value);
  return day === undefined ? value : isoDay(day + days * DAY) + value.slice(10);
}

/**
 * The shift of an entity's dates, from its own id and its kind's example: the same order is placed on the same day in
 * every situation, and an answer about it (its tracking) lands on the same calendar as its record.
 */
export function entityShift(entityKey: string, example: unknown, withDraw: <T>(key: string, draw: (faker: SeededFaker) => T) => T): number {
  return withDraw(`dates:${entityKey}`, (faker) => shiftFor(example, faker));
}
