import type { Row } from '../../../shared/domain';
import type { IdKinds } from '../id-kinds';

/** Keys that hold an entity's identifier, in arguments and in answers. */
export const ID_KEY = /(^id$|_id$|^sku$|^asin$|^ref$|_ref$|^reference$|^number$|_number$)/i;
/** Numbers that are not identifiers of an entity. */
export const NOT_AN_ID = /(phone|postal|zip|routing|sort_code|cvv|card|account_number_last|street|house)/i;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Every scalar leaf under an id key, anywhere in the value. */
function idLeaves(value: unknown, visit: (key: string, leaf: unknown) => void): void {
  if (Array.isArray(value)) value.forEach((item) => idLeaves(item, visit));
  else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (ID_KEY.test(key) && !NOT_AN_ID.test(key) && (child === null || typeof child !== 'object')) visit(key, child);
      else idLeaves(child, visit);
    }
  }
}

/**
 * Why an id-typed field's value is not an id of its kind, or undefined when it is: a name or free text (it has a
 * space), a value with no digit, or an id whose prefix the spec gives to another kind of entity.
 */
export function idKindError(key: string, value: unknown, tool: string, kinds: IdKinds): string | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? undefined : `${key}: ${value} is not a whole number`;
  if (typeof value !== 'string') return `${key}: ${JSON.stringify(value)} is not an id`;
  const text = value.trim();
  if (/\s/.test(text)) return `${key}: "${text}" is words, not an id`;
  if (!/\d/.test(text)) return `${key}: "${text}" has no digits`;
  if (kinds.fit({ path: key, key, value: text }, tool) === 'wrong') return `${key}: "${text}" is another kind's id`;
  return undefined;
}

/**
 * The first id-kind error of a row: in a tool call's arguments (unless `answersOnly`: what the world was given is
 * the caller's doing) or in the world's answer.
 */
export function rowIdKindError(row: Pick<Row, 'messages'>, kinds: IdKinds, answersOnly = false): string | undefined {
  const toolOf = new Map<string, string>();
  for (const message of row.messages) {
    const found: string[] = [];
    if (message.role === 'assistant') {
      for (const call of message.tool_calls ?? []) {
        toolOf.set(call.id, call.name);
        if (answersOnly) continue;
        idLeaves(call.arguments, (key, leaf) => {
          const error = idKindError(key, leaf, call.name, kinds);
          if (error) found.push(`${call.name} call ${error}`);
        });
      }
    } else if (message.role === 'tool') {
      const tool = toolOf.get(message.tool_call_id) ?? message.name;
      let result: unknown;
      try {
        result = JSON.parse(message.content);
      } catch {
        continue;
      }
      if (!isObject(result)) continue;
      const { missing: _missing, removed: _removed, ...answer } = result;
      idLeaves(answer, (key, leaf) => {
        const error = idKindError(key, leaf, tool, kinds);
        if (error) found.push(`${tool} answer ${error}`);
      });
    }
    if (found.length > 0) return found[0];
  }
  return undefined;
}
