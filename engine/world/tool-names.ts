import { DESTRUCTIVE_TOKENS, nameTokens } from '../spec/tool-kinds';

export { nameTokens };

/** How the world reads a tool's name: its verb decides the rule (section 8), its noun the records it returns. */

export const CREATE_VERB = /^(create|generate|write|add|upload|insert|make|post|new)/i;
/** Section 8's read verbs plus lookup/check/query/browse/track, which section 3 also counts as reads. */
export const READ_VERB = /^(get|read|list|inspect|search|fetch|find|show|describe|cat|view|lookup|look|check|query|browse|track)/i;
export const DELETE_VERB = /^(delete|remove|drop|destroy)/i;
export const CALCULATOR_TOOL = /^(calc|compute|eval|math)/i;
/** A parameter that takes a record's identifier (`account_id`, `sku`, `payee_number`), as the demo agent and person read it. */
const ID_PARAMETER = /(^id$|_id$|^ref$|_ref$|^number$|_number$|^sku$|^asin$|^code$|_code$|^key$|^reference$)/i;
/** Codes and numbers that are not record identifiers: a postal code is not an order number. */
const NOT_AN_ID = /(postal|zip|post_code|country|currency|area|phone|promo|discount|coupon|tax|routing|sort_code|cvv|security)/i;

export function isIdParameter(name: string): boolean {
  return ID_PARAMETER.test(name) && !NOT_AN_ID.test(name);
}

/** Argument keys whose values name an entity (section 8 rule 10). */
export const REFERENCE_KEY = /^id$|_id$|^path$|_path$|^file$|^name$|^key$|^ref$|^number$|^asin$|^sku$/i;

export const isReadTool = (tool: string): boolean => READ_VERB.test(tool);
export const isCreateTool = (tool: string): boolean => CREATE_VERB.test(tool);
export const isDeleteTool = (tool: string): boolean => DELETE_VERB.test(tool);

/** Section 3's tool kind: any token in the destructive set (refund, cancel, send, delete, ...). */
export function isDestructiveTool(tool: string): boolean {
  return nameTokens(tool).some((token) => DESTRUCTIVE_TOKENS.has(token));
}

const GENERIC_NOUNS = new Set([
  'by',
  'for',
  'of',
  'to',
  'from',
  'with',
  'the',
  'a',
  'an',
  'and',
  'status',
  'details',
  'detail',
  'info',
  'information',
  'data',
  'list',
  'history',
  'summary',
  'id',
  'ids',
  'all',
  'my',
  'new',
  'current',
]);

/** English singular of a simple plural: orders -> order, entries -> entry, addresses -> address. */
export function singular(word: string): string {
  if (word.length <= 3 || word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** The object a tool is about: `list_orders` -> order, `get_order_status` -> order, `refund` -> refund. */
export function toolNoun(tool: string): string {
  const tokens = nameTokens(tool);
  const rest = tokens.slice(1).filter((token) => !GENERIC_NOUNS.has(token));
  const noun = rest[rest.length - 1] ?? tokens[tokens.length - 1] ?? 'item';
  return singular(noun);
}

/** The entity a reference key names: `order_id` -> order, `sku` -> product, `id` -> the tool's own noun. */
export function referenceNoun(key: string, tool: string): string {
  const lower = key.toLowerCase();
  if (lower === 'sku' || lower === 'asin') return 'product';
  if (lower === 'path' || lower === 'file' || lower.endsWith('_path')) return 'file';
  const stem = lower.replace(/(_id|_number|_ref|_key|_code)$/, '');
  if (stem === lower && REFERENCE_KEY.test(lower)) return toolNoun(tool);
  const tokens = nameTokens(stem);
  return singular(tokens[tokens.length - 1] ?? toolNoun(tool));
}
