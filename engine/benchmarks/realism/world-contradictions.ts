import type { Row } from '../../../shared/domain';
import { isReadTool } from '../../world/tool-names';

/**
 * Reads that disagree with the world's own earlier answers in one conversation. Every object in a successful
 * answer that carries an entity id is a view of that entity; a later view showing another value for a field is a
 * contradiction, unless a successful action on the entity came between (then the action's answer and its written
 * arguments are what later reads must show). An action's answer that shows another value than the one written
 * (an address update answering with some other address) is one too.
 */

const ID_KEY = /(^id$|_id$|^sku$|^asin$|_number$|^number$)/i;
/** Fields that may move without anyone writing them, or that only describe the answer. */
const VOLATILE = /(^updated_at$|^as_of$|^note$|^record_id$|^count$|^query$|^processed_at$)/i;
const OK = new Set(['ok', 'success', 'created', 'deleted']);

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
 * The key that names the object itself: `id`, its one id key, or, in an action's answer, the one id the call did
 * not pass (the refund a refund call issued), else the id key the call passed (a read's `order_id`).
 */
function identityKey(object: Record<string, unknown>, call: Call, isAction: boolean): string | undefined {
  if ('record_id' in object) return undefined;
  const keys = Object.keys(object).filter(
    (key) => ID_KEY.test(key) && (typeof object[key] === 'string' || typeof object[key] === 'number'),
  );
  if (keys.includes('id')) return 'id';
  if (keys.length === 1) return keys[0];
  const issued = keys.filter((key) => !(key in call.arguments));
  if (isAction && issued.length === 1) return issued[0];
  return keys.find((key) => key in call.arguments);
}

interface View {
  entity: string;
  fields: Fields;
}

/** Every entity view in an answer: objects with an identity, their scalar fields. */
function viewsIn(value: unknown, call: Call, isAction: boolean, into: View[]): void {
  if (Array.isArray(value)) {
    for (const item of value) viewsIn(item, call, isAction, into);
    return;
  }
  if (!isObject(value)) return;
  const key = identityKey(value, call, isAction);
  if (key !== undefined) {
    const fields: Fields = new Map();
    for (const [field, child] of Object.entries(value)) {
      if (field === key || VOLATILE.test(field) || child === null || typeof child === 'object') continue;
      fields.set(field, String(child));
    }
    into.push({ entity: String(value[key]).toLowerCase(), fields });
  }
  for (const child of Object.values(value)) if (child !== null && typeof child === 'object') viewsIn(child, call, false, into);
}

/** The argument written to a field: the same key, or a field named after it (`address` -> `shipping_address`). */
function writtenField(fields: Fields, argument: string): string | undefined {
  if (fields.has(argument)) return argument;
  return [...fields.keys()].find((field) => field.endsWith(`_${argument}`));
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
    for (const entity of target) {
      const fields = known.get(entity) ?? new Map<string, string>();
      for (const [argument, value] of Object.entries(call.arguments)) {
        if (ID_KEY.test(argument) || value === null || typeof value === 'object') continue;
        const shown = views.find((view) => view.entity === entity);
        const field = shown ? writtenField(shown.fields, argument) : undefined;
        if (shown && field !== undefined && !same(shown.fields.get(field)!, String(value)))
          found.push(`${call.name} wrote ${argument} "${String(value)}" but answered ${field} "${shown.fields.get(field)}"`);
        const stored = writtenField(fields, argument) ?? argument;
        fields.set(stored, String(value));
      }
      known.set(entity, fields);
    }
  }
  return found;
}
