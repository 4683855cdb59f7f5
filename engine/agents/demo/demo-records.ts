import { SUCCESS_WORDS } from '../../grade/conduct/success-words';
import type { StepSubject } from './demo-subjects';
import { capitalize, joinWords } from './demo-words';

/**
 * Records and listings in words, quoting only what the tool returned. `safe` drops every value that reads as a
 * success word (a status of "completed", a field named created_at): used while some tool's last call failed.
 */
export type RecordMode = 'plain' | 'safe';

/** A word of the conduct checks' success vocabulary (SDK section 10), anywhere in a text. */
export const SUCCESS_WORD = new RegExp(`\\b(?:${SUCCESS_WORDS.join('|')})\\b`, 'i');

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

const MONEY_FIELDS: ReadonlyArray<[string, string]> = [
  ['total_paid', 'total paid'],
  ['amount_paid', 'amount paid'],
  ['total', 'total'],
  ['amount', 'amount'],
  ['price', 'priced at'],
  ['monthly_fee', 'monthly fee'],
  ['balance', 'balance'],
];
const DATE_FIELDS: ReadonlyArray<[string, string]> = [
  ['placed_at', 'placed on'],
  ['date', 'on'],
  ['opened_at', 'opened on'],
  ['started_on', 'started on'],
  ['member_since', 'member since'],
  ['renews_on', 'renews on'],
];
const PEOPLE_FIELDS: ReadonlyArray<[string, string]> = [
  ['customer', 'for'],
  ['guest', 'for'],
  ['assignee', 'assigned to'],
  ['owner', 'owned by'],
];
const SKIPPED = /(^id$|_id$|updated|created|completed|^email$|^currency$|^status$|^note$|^items$|^ref$|^record_id$)/i;

/** 362.5 -> "362.50"; whole amounts stay whole. */
export function formatAmount(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

function allowed(value: unknown, mode: RecordMode): boolean {
  return mode === 'plain' || !SUCCESS_WORD.test(String(value));
}

function money(record: Record<string, unknown>): [string, string] | undefined {
  for (const [field, label] of MONEY_FIELDS) {
    const value = record[field];
    if (typeof value === 'number')
      return [field, `${label} ${formatAmount(value)}${typeof record.currency === 'string' ? ` ${record.currency}` : ''}`];
  }
  return undefined;
}

/** The record's money figure (what was paid, its total): the most any refund or charge on it may come to. */
export function paidAmount(record: Record<string, unknown>): number | undefined {
  const field = money(record)?.[0];
  return field === undefined ? undefined : (record[field] as number);
}

/** Items counted as a person counts them: a line of two tote bags is two items. */
function unitCount(items: readonly unknown[]): number {
  return items.reduce<number>((sum, item) => {
    const quantity = isObject(item) ? item.quantity : undefined;
    return sum + (typeof quantity === 'number' && Number.isInteger(quantity) && quantity > 0 ? quantity : 1);
  }, 0);
}

/** What the record holds, by name, lines of one name told as one: " Items: Canvas tote bag x3; Merino crew sweater, navy, M." */
function itemNames(record: Record<string, unknown>, mode: RecordMode): string {
  const counts = new Map<string, number>();
  for (const item of (Array.isArray(record.items) ? record.items : []).filter(isObject)) {
    if (typeof item.name === 'string' && allowed(item.name, mode)) counts.set(item.name, (counts.get(item.name) ?? 0) + unitCount([item]));
  }
  if (counts.size === 0) return '';
  // Semicolons between items: a name may hold commas ("Merino crew sweater, navy, M").
  const shown = [...counts].slice(0, 4).map(([name, count]) => (count > 1 ? `${name} x${count}` : name));
  const more = counts.size > shown.length ? `; and ${counts.size - shown.length} more` : '';
  return ` Items: ${shown.join('; ')}${more}.`;
}

function details(record: Record<string, unknown>, mode: RecordMode, limit: number): string[] {
  const parts: string[] = [];
  const used = new Set<string>();
  if (Array.isArray(record.items)) {
    const count = unitCount(record.items);
    parts.push(`${count} item${count === 1 ? '' : 's'}`);
    used.add('items');
  }
  if (typeof record.subject === 'string' && allowed(record.subject, mode)) {
    parts.push(`about "${record.subject}"`);
    used.add('subject');
  }
  const amount = money(record);
  if (amount) {
    parts.push(amount[1]);
    used.add(amount[0]);
  }
  const date = DATE_FIELDS.find(([field]) => typeof record[field] === 'string');
  if (date) {
    parts.push(`${date[1]} ${String(record[date[0]]).slice(0, 10)}`);
    used.add(date[0]);
  }
  const person = PEOPLE_FIELDS.find(([field]) => typeof record[field] === 'string');
  if (person) {
    parts.push(`${person[1]} ${String(record[person[0]])}`);
    used.add(person[0]);
  }
  if (typeof record.quantity === 'number' && 'price' in record) {
    parts.push(`${record.quantity} in stock`);
    used.add('quantity');
  }
  for (const [field, value] of Object.entries(record)) {
    if (parts.length >= limit) break;
    if (used.has(field) || SKIPPED.test(field) || value === null || typeof value === 'object' || !allowed(value, mode)) continue;
    if (typeof value === 'string' && value.length > 60) continue;
    parts.push(`${field.replace(/_/g, ' ')} ${String(value)}`);
  }
  return parts.slice(0, limit);
}

function statusOf(record: Record<string, unknown>, mode: RecordMode): string | undefined {
  const status = record.status;
  return typeof status === 'string' && allowed(status, mode) ? status.replace(/_/g, ' ') : undefined;
}

/** "Order ORD-1042 is processing (3 items, total 642.41 EUR, placed on 2023-01-29, for Kelton Fadel)." */
export function describeRecord(record: Record<string, unknown>, subject: StepSubject, mode: RecordMode): string {
  const title =
    typeof record.name === 'string' && allowed(record.name, mode)
      ? `${capitalize(subject.target)} (${record.name})`
      : capitalize(subject.target);
  const status = statusOf(record, mode);
  const parts = details(record, mode, 4).filter((part) => !part.startsWith('name '));
  const body = status
    ? `${title} is ${status}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}.`
    : `${title}: ${parts.length > 0 ? parts.join(', ') : 'no further details'}.`;
  const note = typeof record.note === 'string' && allowed(record.note, mode) ? ` ${noteSentence(record.note)}` : '';
  return body + itemNames(record, mode) + note;
}

/** A record's note that says the action asked for was already carried out ("... already carried out on 2024-01-28"). */
export const DONE_NOTE = /\balready (?:been )?(?:carried out|done|completed|processed)\b(?:\D*(\d{4}-\d{2}-\d{2}))?/i;

/**
 * The world's note as a customer can read it: "the requested action was already carried out" speaks of a request
 * the person may never have made (they only asked to see the record), so it says what the record shows.
 */
function noteSentence(note: string): string {
  const done = DONE_NOTE.exec(note);
  if (done === null)
    return /^an earlier request on this record\b/i.test(note)
      ? `Its record shows ${note.replace(/this record/i, 'it')}.`
      : `Note: ${note}.`;
  return `Its record shows an earlier request on it was already carried out${done[1] === undefined ? '' : ` on ${done[1]}`}.`;
}

function itemLine(item: Record<string, unknown>, mode: RecordMode): string {
  const idField = Object.keys(item).find(
    (field) => /(^id$|_id$|^sku$|number$|^record_id$)/i.test(field) && (typeof item[field] === 'string' || typeof item[field] === 'number'),
  );
  const label = typeof item.name === 'string' ? item.name : idField ? String(item[idField]) : 'an entry';
  const prefix =
    idField === 'record_id'
      ? `record ${String(item.record_id)}`
      : typeof item.name === 'string' && idField
        ? `${label} (${String(item[idField])})`
        : label;
  // Records sharing one number are told apart by when they were placed, so a person can say which is theirs.
  const factCount = idField === 'record_id' ? 4 : 3;
  const facts = [
    statusOf(item, mode),
    money(item)?.[1],
    ...details(item, mode, factCount - 1).filter((part) => !/^(total|amount|priced at)/.test(part)),
  ]
    .filter((fact): fact is string => fact !== undefined)
    .slice(0, factCount);
  return facts.length > 0 ? `${prefix}: ${facts.join(', ')}` : prefix;
}

/** "I found 3 orders for maya@fastmail.com: ORD-48213: shipped, total 84.10 EUR; ... and 2 more." */
export function describeList(
  data: Record<string, unknown>,
  subject: StepSubject,
  args: Readonly<Record<string, unknown>>,
  mode: RecordMode,
): string {
  const items = (Array.isArray(data.items) ? data.items : []).filter(isObject);
  const count = typeof data.count === 'number' ? data.count : items.length;
  const status = typeof args.status === 'string' && !/^(any|all)$/i.test(args.status) ? ` with status ${args.status}` : '';
  const filter = `${subject.forRef}${status}`;
  if (typeof data.note === 'string' && /more than one/i.test(data.note)) {
    return `More than one ${subject.noun} matches ${subject.ref ?? 'that'}: ${joinWords(items.map((item) => itemLine(item, mode)))}.`;
  }
  if (count === 0 || items.length === 0) return `I didn't find any ${subject.noun}s${filter}.`;
  const shown = items.slice(0, 4).map((item) => itemLine(item, mode));
  const more = count > shown.length ? `, and ${count - shown.length} more` : '';
  const head = count === 1 ? `I found one ${subject.noun}${filter}` : `I found ${count} ${subject.noun}s${filter}`;
  return `${head}: ${shown.join('; ')}${more}.`;
}
