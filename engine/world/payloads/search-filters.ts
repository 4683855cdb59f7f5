/** How a search's arguments show up on the records it returns: exact fields, name parts, dates in range. */

/** Arguments that shape no field: the free-text query and paging. */
export const QUERY_KEYS = ['query', 'q', 'search', 'term', 'keywords', 'keyword', 'search_term', 'text'];
export const PAGING_KEY = /^(limit|max_results|top_k|page|page_size|per_page|offset|cursor|sort|sort_by|order_by|order)$/i;
const FROM_KEY = /^(from|start|since|after|earliest)(_|$)|_(from|start|after)$/i;
const TO_KEY = /^(to|end|until|before|latest)(_|$)|_(to|end|before|until)$/i;
const DATE_VALUE = /^\d{4}-\d{2}-\d{2}/;
/** A field holding a person's whole name. */
export const PERSON_FIELD = /(^name$|full_name|customer_name|patient_name|member_name|contact_name|guest_name|holder_name|owner_name)/i;
/** A search argument or field holding a family name, or a given name. */
export const LAST_NAME_KEY = /^(last_name|surname|family_name)$/i;
export const FIRST_NAME_KEY = /^(first_name|given_name)$/i;
const RANGE_DAYS = 60;

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

function rangeKey(key: string, value: unknown): 'from' | 'to' | undefined {
  if (typeof value !== 'string' || !DATE_VALUE.test(value)) return undefined;
  if (FROM_KEY.test(key)) return 'from';
  if (TO_KEY.test(key)) return 'to';
  return undefined;
}

/** The arguments a record must agree with: scalars that are not a query, paging, a date bound or `any`. */
export function filterArguments(args: Readonly<Record<string, unknown>>): Record<string, string | number | boolean> {
  const filters: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(args)) {
    if (!isScalar(value) || value === '' || value === 'any' || QUERY_KEYS.includes(key) || PAGING_KEY.test(key)) continue;
    if (rangeKey(key, value) !== undefined) continue;
    filters[key] = value;
  }
  return filters;
}

/** The days a search spans (`from_date`..`to_date`); one bound alone spans 60 days from (or to) it. */
export function dateRange(args: Readonly<Record<string, unknown>>): { from: string; to: string } | undefined {
  let from: string | undefined;
  let to: string | undefined;
  for (const [key, value] of Object.entries(args)) {
    const bound = rangeKey(key, value);
    if (bound === 'from') from ??= String(value).slice(0, 10);
    if (bound === 'to') to ??= String(value).slice(0, 10);
  }
  const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  if (from !== undefined && to !== undefined) return from <= to ? { from, to } : { from: to, to: from };
  if (from !== undefined) return { from, to: shift(from, RANGE_DAYS) };
  if (to !== undefined) return { from: shift(to, -RANGE_DAYS), to };
  return undefined;
}

function replaceWord(name: string, which: 'first' | 'last', word: string): string {
  const words = name.split(' ');
  if (which === 'first') words[0] = word;
  else words[words.length - 1] = word;
  return words.join(' ');
}

/**
 * Makes a drawn record answer the search that found it: a field of the filter's name takes its value (also when the
 * record has it under a longer name, `shipping_address` for `address`), a last or first name goes into the
 * person's name, and a filter no field holds is kept on the record as it was asked (`customer_email`).
 */
export function applyFilters(record: Record<string, unknown>, filters: Readonly<Record<string, unknown>>): Record<string, unknown> {
  for (const [key, value] of Object.entries(filters)) {
    if (value === null || value === undefined || typeof value === 'object') continue;
    const part = LAST_NAME_KEY.test(key) ? 'last' : FIRST_NAME_KEY.test(key) ? 'first' : undefined;
    const personField = Object.keys(record).find((field) => PERSON_FIELD.test(field) && typeof record[field] === 'string');
    if (part !== undefined && !(key in record) && personField !== undefined) {
      record[personField] = replaceWord(String(record[personField]), part, String(value));
      continue;
    }
    const longer = Object.keys(record).find((field) => field.endsWith(`_${key}`));
    record[key in record || longer === undefined ? key : longer] = value;
    if (/email/i.test(key) && 'email' in record) record.email = value;
  }
  return record;
}

/** Dated entries in order, earliest first (open slots, transactions), by their first date field. */
export function byDate(items: readonly unknown[]): unknown[] {
  const dateOf = (item: unknown) => {
    if (item === null || typeof item !== 'object') return '';
    const value = Object.values(item).find((field) => typeof field === 'string' && DATE_VALUE.test(field));
    return typeof value === 'string' ? value : '';
  };
  return [...items].sort((left, right) => (dateOf(left) < dateOf(right) ? -1 : dateOf(left) > dateOf(right) ? 1 : 0));
}
