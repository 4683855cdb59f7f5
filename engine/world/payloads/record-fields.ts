import { roundTo } from '../../../shared/domain/rounding';
import type { SeededFaker } from '../seeded-faker';
import { personName, timestampIn } from '../seeded-faker';

/** Cues in tool names and parameter keys that decide which measurable fields a generic record carries (section 8). */
export const QUANTITY_CUE = /(inventory|stock|quantity|qty|count|available|units?|seats?|rooms?)/i;
export const MONEY_CUE = /(price|cost|fee|amount|balance|total|charge|refund|pay|invoice|bill)/i;
export const DATE_CUE = /(date|schedule|appointment|booking|deliver|ship|due|calendar|slot)/i;
export const PEOPLE_CUE = /(owner|assignee|author|agent|member|team|user|customer|contact|staff)/i;

/** The default status pool (section 8) and one per kind of record, so an order is never "approved". */
export const STATUS_POOLS = {
  generic: ['completed', 'in_progress', 'pending', 'failed', 'active', 'queued', 'approved', 'open'],
  order: ['pending', 'processing', 'shipped', 'in_transit', 'delivered', 'on_hold'],
  ticket: ['open', 'pending', 'in_progress', 'escalated', 'resolved'],
  payment: ['pending', 'completed', 'failed', 'scheduled', 'on_hold'],
  booking: ['confirmed', 'pending', 'rescheduled', 'waitlisted'],
  person: ['active', 'pending_verification', 'suspended'],
  agreement: ['active', 'pending', 'expired', 'paused'],
  product: ['active', 'active', 'active', 'discontinued'],
} as const;

export type RecordFamily = keyof typeof STATUS_POOLS;

const FAMILIES: ReadonlyArray<[RecordFamily, RegExp]> = [
  [
    'person',
    /^(customer|user|member|patient|employee|contact|client|account|profile|guest|student|applicant|subscriber|traveler|passenger)$/,
  ],
  ['product', /^(product|item|sku|listing|variant|book|device|part|menu|dish)$/],
  ['order', /^(order|purchase|cart|shipment|delivery|package|return|parcel|exchange)$/],
  ['ticket', /^(ticket|case|issue|request|claim|complaint|incident|inquiry|task|bug|dispute)$/],
  ['payment', /^(payment|transaction|transfer|invoice|bill|refund|charge|deposit|withdrawal|payout|statement|loan|expense)$/],
  ['booking', /^(booking|appointment|reservation|slot|flight|stay|visit|event|meeting|session|table|room)$/],
  ['agreement', /^(subscription|membership|policy|contract|license|plan|warranty|lease)$/],
];

export function recordFamily(noun: string): RecordFamily {
  return FAMILIES.find(([, pattern]) => pattern.test(noun))?.[0] ?? 'generic';
}

const ADJECTIVES = [
  'quarterly',
  'primary',
  'draft',
  'revised',
  'weekly',
  'annual',
  'interim',
  'standard',
  'regional',
  'internal',
  'shared',
  'pilot',
  'follow-up',
  'archived',
  'seasonal',
  'priority',
];
const TICKET_PROBLEMS = [
  'arrived damaged',
  'not working after setup',
  'billing question',
  'late delivery',
  'wrong size sent',
  'cannot log in',
  'charged twice',
  'missing parts',
  'request for invoice copy',
];
const PAYMENT_METHODS = ['visa', 'mastercard', 'amex', 'bank_transfer', 'paypal', 'apple_pay'];
const PLANS = ['basic', 'standard', 'plus', 'premium', 'family'];

/** An amount spread over magnitudes (tens to tens of thousands), cents on most: money is not always small and round. */
export function moneyAmount(faker: SeededFaker): number {
  const magnitude = faker.helpers.weightedArrayElement([
    { weight: 3, value: 80 },
    { weight: 4, value: 450 },
    { weight: 2, value: 3200 },
    { weight: 1, value: 24000 },
  ]);
  return faker.number.float({ min: magnitude / 10, max: magnitude, fractionDigits: 2 });
}

/** Two timestamps in order: when the record began and when it last changed. */
function lifetime(faker: SeededFaker): [string, string] {
  const first = timestampIn(faker);
  const second = timestampIn(faker);
  return first <= second ? [first, second] : [second, first];
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function personFields(faker: SeededFaker, begun: string, changed: string): Record<string, unknown> {
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  return {
    name: `${firstName} ${lastName}`,
    email: faker.internet.email({ firstName, lastName }).toLowerCase(),
    phone: faker.phone.number({ style: 'national' }),
    city: faker.location.city(),
    member_since: begun.slice(0, 10),
    updated_at: changed,
  };
}

function orderFields(faker: SeededFaker, currency: string, begun: string, changed: string): Record<string, unknown> {
  const items = Array.from({ length: faker.number.int({ min: 1, max: 3 }) }, () => ({
    name: faker.commerce.productName(),
    quantity: faker.number.int({ min: 1, max: 3 }),
    price: faker.number.float({ min: 4, max: 400, fractionDigits: 2 }),
  }));
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  return {
    customer: `${firstName} ${lastName}`,
    email: faker.internet.email({ firstName, lastName }).toLowerCase(),
    items,
    total: roundTo(
      items.reduce((sum, item) => sum + item.quantity * item.price, 0),
      2,
    ),
    currency,
    placed_at: begun,
    ship_to: faker.location.city(),
    updated_at: changed,
  };
}

/** The family's own fields (no id, no status): what a customer database would show for this kind of thing. */
export function familyFields(family: RecordFamily, noun: string, faker: SeededFaker, currency: string): Record<string, unknown> {
  const [begun, changed] = lifetime(faker);
  switch (family) {
    case 'person':
      return personFields(faker, begun, changed);
    case 'product':
      return {
        name: faker.commerce.productName(),
        category: faker.commerce.department(),
        price: faker.number.float({ min: 3, max: 600, fractionDigits: 2 }),
        currency,
        quantity: faker.number.int({ min: 0, max: 240 }),
        updated_at: changed,
      };
    case 'order':
      return orderFields(faker, currency, begun, changed);
    case 'ticket':
      return {
        subject: `${faker.commerce.product()} ${faker.helpers.arrayElement(TICKET_PROBLEMS)}`,
        priority: faker.helpers.arrayElement(['low', 'normal', 'normal', 'high', 'urgent']),
        assignee: personName(faker),
        opened_at: begun,
        updated_at: changed,
      };
    case 'payment':
      return {
        amount: moneyAmount(faker),
        currency,
        method: faker.helpers.arrayElement(PAYMENT_METHODS),
        date: begun.slice(0, 10),
        updated_at: changed,
      };
    case 'booking':
      return {
        date: changed.slice(0, 10),
        time: `${String(faker.number.int({ min: 8, max: 19 })).padStart(2, '0')}:${faker.helpers.arrayElement(['00', '15', '30', '45'])}`,
        location: faker.location.city(),
        guest: personName(faker),
        party_size: faker.number.int({ min: 1, max: 6 }),
        updated_at: begun,
      };
    case 'agreement':
      return {
        plan: faker.helpers.arrayElement(PLANS),
        monthly_fee: faker.number.float({ min: 5, max: 240, fractionDigits: 2 }),
        currency,
        started_on: begun.slice(0, 10),
        renews_on: changed.slice(0, 10),
        updated_at: changed,
      };
    case 'generic':
      return { name: `${capitalize(faker.helpers.arrayElement(ADJECTIVES))} ${noun}`, updated_at: changed };
    default: {
      const unreachable: never = family;
      throw new Error(`unknown record family ${String(unreachable)}`);
    }
  }
}

/** Section 8's cue fields, added when the tool's name or parameters call for them and the family did not. */
export function cueFields(record: Record<string, unknown>, family: RecordFamily, cues: string, faker: SeededFaker, currency: string): void {
  const has = (pattern: RegExp) => Object.keys(record).some((key) => pattern.test(key));
  if (QUANTITY_CUE.test(cues) && !has(/quantity|stock|count/)) record.quantity = faker.number.int({ min: 0, max: 240 });
  if (MONEY_CUE.test(cues) && !has(/amount|total|price|fee|balance/)) {
    record.amount = moneyAmount(faker);
    record.currency = currency;
  }
  if (DATE_CUE.test(cues) && !has(/date|_on$|_at$/)) record.date = timestampIn(faker).slice(0, 10);
  // Workflow records keep an owner; priced or counted things do not, unless the tool is about people.
  const isPriced = QUANTITY_CUE.test(cues) || MONEY_CUE.test(cues);
  const isWorkflow = family === 'generic' || family === 'payment' || family === 'agreement';
  if (isWorkflow && (PEOPLE_CUE.test(cues) || !isPriced) && !has(/owner|customer|assignee|guest|email/)) {
    record.owner = personName(faker);
  }
}
