import type { ToolSpec } from '../../../shared/domain';
import { plural } from '../../spec/sentence/english';
import { isReadTool, nameTokens, toolNoun } from '../../world/tool-names';

/** Plain-English names for tools and parameters, so the demo agent talks about "the order", not `order_id`. */

const IRREGULAR_PAST: Readonly<Record<string, string>> = {
  send: 'sent',
  pay: 'paid',
  make: 'made',
  get: 'got',
  run: 'ran',
  set: 'set',
  put: 'put',
  write: 'written',
  find: 'found',
  cancel: 'cancelled',
  refund: 'refunded',
  issue: 'issued',
  submit: 'submitted',
  ship: 'shipped',
  stop: 'stopped',
  book: 'booked',
  open: 'opened',
  transfer: 'transferred',
  reset: 'reset',
  add: 'added',
};

export function pastTense(verb: string): string {
  const irregular = IRREGULAR_PAST[verb];
  if (irregular !== undefined) return irregular;
  if (verb.endsWith('e')) return `${verb}d`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ied`;
  return `${verb}ed`;
}

/** The tool's verb and the rest of its name: `issue_refund` -> issue + refund, `get_order_status` -> get + order status. */
export function verbAndObject(tool: string): { verb: string; object: string } {
  const tokens = nameTokens(tool);
  if (tokens.length === 1) return { verb: tokens[0]!, object: toolNoun(tool) };
  return { verb: tokens[0]!, object: tokens.slice(1).join(' ') };
}

/** "look up the order", "issue the refund", "cancel the order": what calling the tool does, in words. */
export function actionPhrase(tool: string): string {
  const { verb, object } = verbAndObject(tool);
  if (isReadTool(tool)) return verb === 'search' || verb === 'find' ? `search the ${object}` : `look up the ${object}`;
  return `${verb} the ${object}`;
}

/** "issued the refund", "cancelled the order". */
export function pastActionPhrase(tool: string): string {
  const { verb, object } = verbAndObject(tool);
  return `${pastTense(verb)} the ${object}`;
}

/** "order lookups", "refunds", "order cancellations": what the agent can help with, for a redirect. */
export function capability(tool: ToolSpec): string {
  const { verb } = verbAndObject(tool.name);
  const noun = toolNoun(tool.name);
  if (verb === 'search' || verb === 'find' || verb === 'browse') return `${noun} searches`;
  if (isReadTool(tool.name)) return `${noun} lookups`;
  if (verb === 'cancel') return `${noun} cancellations`;
  if (verb === noun || ['issue', 'process', 'request', 'submit'].includes(verb)) return plural(noun);
  if (['create', 'add', 'open', 'new', 'make'].includes(verb)) return `new ${plural(noun)}`;
  if (['update', 'change', 'edit', 'modify', 'set'].includes(verb)) return `${noun} changes`;
  return `${verb} requests for ${plural(noun)}`;
}

/** "a, b and c". */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
