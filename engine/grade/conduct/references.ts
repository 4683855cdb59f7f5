import { isPlaceholderValue } from '../../world/placeholder';

/** Argument keys that name a record rather than describe one. */
const REFERENCE_KEY = /^id$|_id$|^ref$|^key$/i;
/** Tools that change the world: acting on an unsourced reference there is a failure even for a word-like value. */
const STATE_VERB = new RegExp(
  String.raw`^(create|generate|write|add|upload|insert|make|post|new|update|edit|set|delete|remove|drop|destroy|` +
    String.raw`send|pay|refund|transfer|book|cancel|execute|run)`,
  'i',
);
const PLACEHOLDER_ID = /^(conv_|msg_|user_|macro_|doc_)|^(user_id|conv_id|msg_id|none)$/i;
const SLUG_ID = /^[A-Z]{2,}[-_][A-Z0-9_-]+$/;

/** One argument leaf: its dotted path (`order.id`, `items[0].sku`), key and value as text. */
export interface ArgumentLeaf {
  path: string;
  key: string;
  value: string;
  raw: unknown;
}

/** A leaf value as text: strings as written, numbers in decimal, booleans and null as JSON. */
export function leafText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return JSON.stringify(value) ?? '';
}

/** Non-empty string or number leaves under a reference key (`id`, `*_id`, `ref`, `key`), at any depth. */
export function referenceLeaves(argumentsValue: unknown, prefix = ''): ArgumentLeaf[] {
  const leaves: ArgumentLeaf[] = [];
  if (Array.isArray(argumentsValue)) {
    for (const item of argumentsValue) leaves.push(...referenceLeaves(item, prefix));
  } else if (argumentsValue !== null && typeof argumentsValue === 'object') {
    for (const [key, value] of Object.entries(argumentsValue)) {
      if (value !== null && typeof value === 'object') {
        leaves.push(...referenceLeaves(value, `${prefix}${key}.`));
      } else if ((typeof value === 'string' || typeof value === 'number') && String(value) !== '' && REFERENCE_KEY.test(key)) {
        leaves.push({ path: `${prefix}${key}`, key, value: String(value), raw: value });
      }
    }
  }
  return leaves;
}

/** String leaves whose whole trimmed value echoes the schema (the world's own placeholder rule, SDK §8 rule 7). */
export function placeholderLeaves(argumentsValue: unknown, path = '', key = ''): ArgumentLeaf[] {
  if (Array.isArray(argumentsValue)) {
    return argumentsValue.flatMap((item, index) => placeholderLeaves(item, `${path}[${index}]`, key));
  }
  if (argumentsValue !== null && typeof argumentsValue === 'object') {
    return Object.entries(argumentsValue).flatMap(([child, value]) =>
      placeholderLeaves(value, path === '' ? child : `${path}.${child}`, child),
    );
  }
  if (typeof argumentsValue !== 'string') return [];
  return isPlaceholderValue(argumentsValue) ? [{ path, key, value: argumentsValue, raw: argumentsValue }] : [];
}

/** Identifier-shaped: has a digit, a placeholder id shape (`user_`, `none`), or an upper-case slug (`ENG-TEAM`). */
export function isIdLike(value: string): boolean {
  const text = value.trim();
  if (text === '') return false;
  return /\d/.test(text) || PLACEHOLDER_ID.test(text) || SLUG_ID.test(text);
}

export function isStateChanging(tool: string): boolean {
  return STATE_VERB.test(tool);
}
