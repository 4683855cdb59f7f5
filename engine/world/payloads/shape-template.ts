import type { SeededFaker } from '../seeded-faker';
import { dateIn, personName } from '../seeded-faker';

const PERSON_KEY = new RegExp(
  String.raw`(^from$|^to$|owner|author|assignee|sender|recipient|^by$|customer_name|full_name|first_name|` +
    String.raw`last_name|^customer$|^agent$|guest|passenger|patient|contact_name)`,
  'i',
);
const EMAIL_KEY = /e-?mail/i;
const PHONE_KEY = /phone|mobile/i;
const ID_KEY = /(^id$|_id$|number$|^sku$|^ref$|^pnr$|^code$|^asin$|_ref$|_code$)/i;
const DATE_KEY = /(date|_at$|^at$|time$|day$|when|_on$)/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/** Template redraws: a third either way (WORLD_JITTER_DIVISOR 3): 900 -> 600..1200. */
const JITTER_DIVISOR = 3;

function decimals(value: number): number {
  const text = String(value);
  const point = text.indexOf('.');
  return point === -1 ? 0 : text.length - point - 1;
}

function jitterNumber(value: number, faker: SeededFaker): number {
  if (Number.isInteger(value)) {
    if (Math.abs(value) <= 1) return value;
    const span = Math.max(1, Math.floor(Math.abs(value) / JITTER_DIVISOR));
    return value + faker.number.int({ min: -span, max: span });
  }
  const span = Math.abs(value) / JITTER_DIVISOR;
  const places = Math.max(2, Math.min(4, decimals(value)));
  const factor = 10 ** places;
  return Math.round((value + faker.number.float({ min: -span, max: span })) * factor) / factor;
}

function redrawDigits(value: string, faker: SeededFaker): string {
  return value.replace(/\d+/, (digits) => faker.string.numeric({ length: digits.length, allowLeadingZeros: digits.startsWith('0') }));
}

function fillString(key: string, value: string, faker: SeededFaker): string {
  if (EMAIL_KEY.test(key) || /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(value)) {
    const domain = value.includes('@') ? value.slice(value.indexOf('@') + 1) : 'example.net';
    return `${faker.person.firstName()}.${faker.person.lastName()}`.toLowerCase().replace(/[^a-z.]/g, '') + `@${domain}`;
  }
  if (PERSON_KEY.test(key)) return personName(faker);
  if (PHONE_KEY.test(key)) return faker.phone.number({ style: 'national' });
  if (ID_KEY.test(key) && /\d/.test(value)) return redrawDigits(value, faker);
  if (DATE_KEY.test(key) && ISO_DATE.test(value)) return dateIn(faker) + value.slice(10);
  return value;
}

/**
 * One instance of a `result_shapes` example (section 8): field names and free text kept; ids, dates and people
 * redrawn; numbers moved by up to a third; a list of objects becomes 1..5 items drawn from its first element.
 */
export function fillTemplate(template: unknown, faker: SeededFaker, key = ''): unknown {
  if (Array.isArray(template)) {
    const first: unknown = template[0];
    if (first !== null && typeof first === 'object' && !Array.isArray(first)) {
      const count = faker.number.int({ min: 1, max: 5 });
      return Array.from({ length: count }, () => fillTemplate(first, faker, key));
    }
    return [...template];
  }
  if (template !== null && typeof template === 'object') {
    return Object.fromEntries(Object.entries(template).map(([name, value]) => [name, fillTemplate(value, faker, name)]));
  }
  if (typeof template === 'number') return jitterNumber(template, faker);
  if (typeof template === 'string') return fillString(key, template, faker);
  return template;
}

/** Puts the call's own scalar arguments into the top-level fields the template shares with them. */
export function echoArguments(record: Record<string, unknown>, args: Readonly<Record<string, unknown>>): void {
  for (const [name, value] of Object.entries(args)) {
    if (name in record && (value === null || typeof value !== 'object')) record[name] = value;
  }
}

/** The id-like field of a record (`id` first, then `*_id`, `sku`, `number` ...), if it has one. */
export function idFieldOf(record: Record<string, unknown>): string | undefined {
  const usable = (value: unknown) => (typeof value === 'string' && value !== '') || typeof value === 'number';
  if (usable(record.id)) return 'id';
  return Object.keys(record).find((name) => ID_KEY.test(name) && usable(record[name]));
}
