import type { Row } from '../../../shared/domain';
import { UPDATE_VERB, writtenField } from '../action-effects';
import { isReadTool } from '../tool-names';

/**
 * Reads that disagree with the world's own earlier answers in one conversation. Every object in a successful
 * answer that carries an entity id is a view of that entity; a later view showing another value for a field is a
 * contradiction, unless a successful action on the entity came between (then the action's answer, and an update's
 * written arguments, are what later reads must show). An update's answer that shows another value than the one
 * written (an address update answering with some other address) is one too. An action's answer echoing its own
 * arguments (a credit's `amount`) describes the request, not the entity.
 */

const ID_KEY = /(^id$|_id$|^sku$|^asin$|_number$|^number$)/i;
/** Fields that may move without anyone writing them, or that only describe the answer. */
const VOLATILE = /(^updated_at$|^as_of$|^note$|^record_id$|^count$|^query$|^processed_at$)/i;
const OK = new Set(['ok', 'success', 'created', 'deleted']);
/** A line of a record (an order's product) shows how many the record holds: the record's fact, not the product's. */
const LINE_FIELD = /^(quantity|qty|units)$/i;

type Fields = Map<string, string>;
interface Call {
  name: string;
  arguments: Record<string, unknown>;
}
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Dates written as a day and as a time of that day agree. */
function same(left: string, right: string): boolean {
  if (left === right) return true;
  const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}/.test(text);
  return isDate(left) && isDate(right) && (left.startsWith(right) || right.startsWith(left));
}

/**
 * The key that names the object itself: `id`, its one id key, or the one id key the call did not pass (a listed
 * order beside the customer it was searched by; the refund a refund call issued), else the one it passed (a read's
 * `order_id` beside the order's `customer_id`).
 */
function identityKey(object: Record<string, unknown>, call: Call, isIssuing: boolean): string | undefined {
  if ('record_id' in object) return undefined;
  const keys = Object.keys(object).filter(
    (key) => ID_KEY.test(key) && (typeof object[key] === 'string' || typeof object[key] === 'number'),
  );
  if (keys.includes('id')) return 'id';
  if (keys.length === 1) return keys[0];
  const own = keys.filter((key) => !(key in call.arguments));
  if (isIssuing && own.length === 1) return own[0];
  return keys.find((key) => key in call.arguments);
}

interface View {
  entity: string;
  fields: Fields;
}

/** Every entity view in an answer: objects with an identity, their scalar fields (a line's quantity left out). */
function viewsIn(value: unknown, call: Call, isIssuing: boolean, into: View[], isLine = false): void {
  if (Array.isArray(value)) {
    for (const item of value) viewsIn(item, call, true, into, isLine);
    return;
  }
  if (!isObject(value)) return;
  const key = identityKey(value, call, isIssuing);
  if (key !== undefined) {
    const fields: Fields = new Map();
    for (const [field, child] of Object.entries(value)) {
      if (field === key || VOLATILE.test(field) || child === null || typeof child === 'object') continue;
      if (isLine && LINE_FIELD.test(field)) continue;
      fields.set(field, String(child));
    }
    into.push({ entity: String(value[key]).toLowerCase(), fields });
  }
  for (const child of Object.values(value)) {
    if (child !== null && typeof child === 'object') viewsIn(child, call, false, into, isLine || key !== undefined || 'record_id' in value);
  }
}

/** The contradictions of one conversation, each in a sentence; empty when the world held together. */
export function worldContradictions(row: Pick<Row, 'messages'>): string[] {
  const found: string[] = [];
  const known = new Map<string, Fields>();
  const calls = new Map<string, Call>();
  for (const message of row.messages) {
    if (message.role === 'assistant') for (const call of message.tool_calls ?? []) calls.set(call.id, call);
    if (message.role !== 'tool') continue;
    const call = calls.get(message.tool_call_id);
    if (call === undefined) continue;
    let result: unknown;
    try {
      result = JSON.parse(message.content);
    } catch {
      continue;
    }
    if (!isObject(result) || !OK.has(String(result.status)) || result.stale === true || typeof result.data === 'string') continue;
    const argumentIds = Object.entries(call.arguments).filter(([key]) => ID_KEY.test(key));
    const isAction = !isReadTool(call.name);
    const views: View[] = [];
    viewsIn('data' in result ? result.data : result, call, isAction, views);
    const isUpdate = UPDATE_VERB.test(call.name);
    if (isAction && !isUpdate) for (const view of views) for (const argument of Object.keys(call.arguments)) view.fields.delete(argument);
    const target = isAction ? argumentIds.map(([, value]) => String(value).toLowerCase()) : [];
    for (const view of views) {
      const earlier = known.get(view.entity);
      const acted = target.includes(view.entity);
      if (earlier && !acted) {
        for (const [field, value] of view.fields) {
          const before = earlier.get(field);
          if (before !== undefined && !same(before, value))
            found.push(`${call.name} shows ${view.entity} ${field} "${value}" after "${before}"`);
        }
      }
      const merged: Fields = acted ? new Map([...(earlier ?? []), ...view.fields]) : new Map([...view.fields, ...(earlier ?? [])]);
      known.set(view.entity, merged);
    }
    if (!isAction) continue;
    // An update writes into the entity it names first (`booking_id`, not the `new_flight_number` it moves to).
    for (const entity of isUpdate ? target.slice(0, 1) : target) {
      if (!isUpdate) {
        const fields = known.get(entity);
        if (fields && views.find((view) => view.entity === entity)?.fields.has('status') !== true) fields.delete('status');
        continue;
      }
      const fields = known.get(entity) ?? new Map<string, string>();
      // Any action may move its entity's status; what the answer showed of it (if anything) is what reads must show.
      const shown = views.find((view) => view.entity === entity);
      if (shown?.fields.has('status') !== true) fields.delete('status');
      for (const [argument, value] of Object.entries(call.arguments)) {
        if (ID_KEY.test(argument) || value === null || typeof value === 'object') continue;
        const field = shown ? writtenField(argument, [...shown.fields.keys()]) : undefined;
        if (shown && field !== undefined && !same(shown.fields.get(field)!, String(value)))
          found.push(`${call.name} wrote ${argument} "${String(value)}" but answered ${field} "${shown.fields.get(field)}"`);
        const stored = writtenField(argument, [...fields.keys()]) ?? argument;
        fields.set(stored, String(value));
      }
      known.set(entity, fields);
    }
  }
  return found;
}
