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

/** "issuing the refund", "cancelling the order". */
export function gerundPhrase(tool: string): string {
  const [verb, ...rest] = actionPhrase(tool).split(' ');
  return [gerund(verb!), ...rest].join(' ');
}

/** "issued the refund", "cancelled the order". */
export function pastActionPhrase(tool: string): string {
  const { verb, object } = verbAndObject(tool);
  return `${pastTense(verb)} the ${object}`;
}

/** Verbs whose doubled final consonant the one-syllable rule below cannot see ("cancel" -> "cancelling"). */
const IRREGULAR_GERUND: Readonly<Record<string, string>> = {
  cancel: 'cancelling',
  transfer: 'transferring',
  submit: 'submitting',
  reset: 'resetting',
  refer: 'referring',
  admit: 'admitting',
  commit: 'committing',
  control: 'controlling',
};

/** "start" -> "starting", "issue" -> "issuing", "ship" -> "shipping", "verify" -> "verifying". */
export function gerund(verb: string): string {
  const irregular = IRREGULAR_GERUND[verb];
  if (irregular !== undefined) return irregular;
  if (verb.endsWith('ie')) return `${verb.slice(0, -2)}ying`;
  if (/[^aeiou]e$/.test(verb) || /ue$/.test(verb)) return `${verb.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(verb)) return `${verb}${verb.slice(-1)}ing`;
  return `${verb}ing`;
}

/** Nouns with no plural of their own ("software access"), and ones a tool name already gives as plurals ("funds"). */
const UNCOUNTED = new Set(['access', 'information', 'data', 'money', 'equipment', 'software', 'mail', 'baggage', 'luggage', 'feedback']);
const pluralOnce = (noun: string) => (UNCOUNTED.has(noun) || /[^su]s$/.test(noun) ? noun : plural(noun));

const LOOKUP_VERBS = new Set(['get', 'fetch', 'read', 'retrieve', 'lookup', 'look', 'view', 'show', 'describe']);

/** "looking up orders", "tracking shipments", "starting returns": what the agent can help with, for a redirect. */
export function capability(tool: ToolSpec): string {
  const { verb, object } = verbAndObject(tool.name);
  const noun = toolNoun(tool.name);
  if (verb === 'search' || verb === 'find' || verb === 'browse') return `searching ${plural(noun)}`;
  if (isReadTool(tool.name) && LOOKUP_VERBS.has(verb)) return `looking up ${plural(noun)}`;
  if (isReadTool(tool.name)) return `${gerund(verb)} ${plural(noun)}`;
  if (verb === noun) return `handling ${plural(noun)}`;
  const words = object.split(' ');
  return `${gerund(verb)} ${[...words.slice(0, -1), pluralOnce(words[words.length - 1]!)].join(' ')}`;
}

/** "a, b and c" (or "a, b or c"). */
export function joinWords(words: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words[words.length - 1]}`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A typing slip of a longer word, as people make them: two neighbouring letters swapped, or one left out (not the first). */
export function isSlipOf(typed: string, word: string): boolean {
  if (typed[0] !== word[0]) return false;
  if (typed.length === word.length - 1) {
    for (let index = 1; index < word.length; index++) if (word.slice(0, index) + word.slice(index + 1) === typed) return true;
    return false;
  }
  if (typed.length !== word.length || typed === word) return false;
  const first = [...typed].findIndex((letter, index) => letter !== word[index]);
  return typed[first] === word[first + 1] && typed[first + 1] === word[first] && typed.slice(first + 2) === word.slice(first + 2);
}
