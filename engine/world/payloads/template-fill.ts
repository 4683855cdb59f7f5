import type { SeededFaker } from '../seeded-faker';
import { dateIn, personName } from '../seeded-faker';
import { isoDay, movedDate, shiftFor } from './dates';

const PERSON_KEY = new RegExp(
  String.raw`(^from$|^to$|owner|author|assignee|sender|recipient|^by$|customer_name|full_name|first_name|` +
    String.raw`last_name|^customer$|^agent$|guest|passenger|patient|contact_name)`,
  'i',
);
const EMAIL_KEY = /e-?mail/i;
const PHONE_KEY = /phone|mobile/i;
export const ID_KEY = /(^id$|_id$|number$|^sku$|^ref$|^pnr$|^code$|^asin$|_ref$|_code$)/i;
const DATE_KEY = /(date|_at$|^at$|time$|day$|when|_on$|_start$|_end$|^start$|^end$)/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;
/** A value that is a date and nothing else is one whatever its key says ("estimated_delivery": "2026-03-16"). */
const WHOLE_ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;
/** Display names of people under a `*_name` key of a role ("provider_name": "Dr. Samuel Ortiz"). */
const PERSON_ROLES = 'member|holder|patient|provider|doctor|physician|agent|contact|customer|guest|owner|staff|user|passenger|tenant';
const PERSON_NAME_KEY = new RegExp(`(^|_)(${PERSON_ROLES})_?name$`, 'i');
const TITLED = /^(Dr|Mr|Mrs|Ms|Prof)\.? /;

/** Template redraws: a third either way (WORLD_JITTER_DIVISOR 3): 900 -> 600..1200. */
const JITTER_DIVISOR = 3;

/** What one fill of an example draws from besides Faker: where its dates go and which ids its references take. */
export interface FillScope {
  faker: SeededFaker;
  /** Days every date of the fill moves by, so a record's dates keep the example's order and gaps. */
  dayShift: number;
  /** The id for an id-valued field; `index` counts items when the field sits in a list. */
  idFor(key: string, example: string, index: number): string;
  /** A list item that names an entity (an order's line naming a product): the entity's view; undefined to draw it. */
  entityItem?(
    listKey: string,
    element: Record<string, unknown>,
    elements: readonly Record<string, unknown>[],
    index: number,
  ): Record<string, unknown> | undefined;
  /** Every date falls between these days (a search between two dates), on the quarter hour in opening hours. */
  range?: { from: string; to: string };
}

function decimals(value: number): number {
  const text = String(value);
  const point = text.indexOf('.');
  return point === -1 ? 0 : text.length - point - 1;
}

export function jitterNumber(value: number, faker: SeededFaker): number {
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

export function redrawDigits(value: string, faker: SeededFaker): string {
  return value.replace(/\d+/, (digits) => faker.string.numeric({ length: digits.length, allowLeadingZeros: digits.startsWith('0') }));
}

function rangedDate(value: string, range: { from: string; to: string }, faker: SeededFaker): string {
  const from = Date.parse(`${range.from.slice(0, 10)}T00:00:00Z`);
  const to = Date.parse(`${range.to.slice(0, 10)}T00:00:00Z`);
  const days = Number.isFinite(from) && Number.isFinite(to) && to >= from ? Math.round((to - from) / 86_400_000) : 0;
  const day = isoDay(from + faker.number.int({ min: 0, max: days }) * 86_400_000);
  const time = /^\d{4}-\d{2}-\d{2}T(\d{2}):(\d{2})/.exec(value);
  if (time === null) return day;
  const hour = String(faker.number.int({ min: 8, max: 16 })).padStart(2, '0');
  const minute = faker.helpers.arrayElement(['00', '15', '30', '45']);
  return `${day}T${hour}:${minute}${value.slice(16)}`;
}

/** Lists of people (`passengers`, `guardians`): their entries' plain `name` is a person's. */
const PEOPLE_LIST =
  /(passenger|guest|member|attendee|travel+er|guardian|patient|people|person|contact|user|employee|staff|tenant|driver|owner)s?$/i;

function fillString(key: string, value: string, scope: FillScope, index: number, within: string): string {
  const { faker } = scope;
  if (EMAIL_KEY.test(key) || /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(value)) {
    const domain = value.includes('@') ? value.slice(value.indexOf('@') + 1) : 'example.net';
    return `${faker.person.firstName()}.${faker.person.lastName()}`.toLowerCase().replace(/[^a-z.]/g, '') + `@${domain}`;
  }
  if (PHONE_KEY.test(key)) return faker.phone.number({ style: 'national' });
  // Ids first: `patient_id` names a patient by id, never by name.
  if (ID_KEY.test(key) && /\d/.test(value)) return scope.idFor(key, value, index);
  if (PERSON_KEY.test(key) || PERSON_NAME_KEY.test(key) || (/^(name|full_name)$/i.test(key) && PEOPLE_LIST.test(within))) {
    const title = TITLED.exec(value);
    return title ? `${title[1]}. ${personName(faker)}` : personName(faker);
  }
  if ((DATE_KEY.test(key) || WHOLE_ISO_DATE.test(value)) && ISO_DATE.test(value)) {
    if (scope.range) return rangedDate(value, scope.range, faker);
    return scope.dayShift === 0 ? dateIn(faker) + value.slice(10) : movedDate(value, scope.dayShift);
  }
  return value;
}

/**
 * One instance of a `result_shapes` example (section 8): field names and free text kept; ids, dates and people
 * redrawn; numbers moved by up to a third; a list of objects becomes 1..5 items drawn from its elements in turn.
 * Dates move together, by the scope's shift; id fields take the scope's ids (an entity's own, a related one).
 */
export function fillTemplate(template: unknown, scope: FillScope, key = '', index = 0, within = ''): unknown {
  if (Array.isArray(template)) {
    const elements = template.filter(
      (item): item is Record<string, unknown> => item !== null && typeof item === 'object' && !Array.isArray(item),
    );
    if (elements.length === 0) return [...template];
    const count = scope.faker.number.int({ min: 1, max: 5 });
    return Array.from({ length: count }, (_, position) => {
      const element = elements[position % elements.length]!;
      return scope.entityItem?.(key, element, elements, position) ?? fillTemplate(element, scope, key, position, key);
    });
  }
  if (template !== null && typeof template === 'object') {
    return Object.fromEntries(Object.entries(template).map(([name, value]) => [name, fillTemplate(value, scope, name, index, within)]));
  }
  if (typeof template === 'number') return jitterNumber(template, scope.faker);
  if (typeof template === 'string') return fillString(key, template, scope, index, within);
  return template;
}

/** A scope for a fill about no entity in particular: ids redrawn in their own shape, dates moved together. */
export function plainScope(faker: SeededFaker, template: unknown, range?: { from: string; to: string }): FillScope {
  return {
    faker,
    dayShift: shiftFor(template, faker),
    idFor: (_key, example) => redrawDigits(example, faker),
    ...(range ? { range } : {}),
  };
}

/** Puts the call's own scalar arguments into the top-level fields the template shares with them. */
export function echoArguments(record: Record<string, unknown>, args: Readonly<Record<string, unknown>>): void {
  for (const [name, value] of Object.entries(args)) {
    if (name in record && (value === null || typeof value !== 'object')) record[name] = value;
  }
}
