import type { ToolSpec } from '../../shared/domain';
import { sha256Hex } from '../seeded';

/** First-token verbs by what the tool does (SDK `_READ_VERBS`, `_CREATE_VERBS`...). */
export const READ_VERBS = new Set([
  'get', 'read', 'list', 'lookup', 'look', 'inspect', 'search', 'fetch', 'find', 'show', 'describe', 'view', 'check',
  'query', 'cat', 'browse', 'status',
]);
export const CREATE_VERBS = new Set([
  'create', 'add', 'make', 'new', 'post', 'insert', 'generate', 'write', 'upload', 'submit', 'open', 'issue', 'book',
  'place', 'request', 'schedule', 'reserve', 'start', 'initiate', 'begin', 'launch',
]);
export const CANCEL_VERBS = new Set(['delete', 'remove', 'cancel', 'drop', 'destroy', 'close']);
export const UPDATE_VERBS = new Set([
  'update', 'edit', 'modify', 'change', 'set', 'rename', 'adjust', 'correct', 'fix', 'patch', 'upgrade', 'downgrade',
]);
export const SEND_VERBS = new Set(['send', 'email', 'notify', 'message', 'publish', 'share']);
/** Any of these anywhere in a tool's name makes it destructive. */
export const DESTRUCTIVE_TOKENS = new Set([
  'delete', 'remove', 'pay', 'refund', 'transfer', 'publish', 'send', 'cancel', 'execute', 'destroy', 'drop', 'close',
  'terminate', 'revoke', 'uninstall', 'reset', 'clear', 'erase', 'wipe', 'purge', 'disable', 'deactivate', 'unpublish',
  'unshare', 'unsend',
]);
const NAME_PREPOSITIONS = new Set(['to', 'for', 'from', 'with', 'by', 'of', 'in', 'on']);

export type ToolKind = 'read' | 'destructive' | 'other';

/** `getOrderStatus` and `get_order_status` both give `['get', 'order', 'status']`. */
export function toolNameTokens(name: string): string[] {
  return name
    .replace(/(?<=[a-z0-9])(?=[A-Z])/g, '_')
    .split(/[^A-Za-z0-9]+/)
    .filter((token) => token !== '')
    .map((token) => token.toLowerCase());
}

/** `a` or `an` as the word is spoken: a user, a unit, an order. */
export function article(word: string): string {
  const lower = word.toLowerCase();
  if (/^(?:uni|use|ur|eu|one)/.test(lower)) return 'a';
  return /^[aeiou]/.test(lower) ? 'an' : 'a';
}

/** `an order`, but `direct flights` (a plural takes no article). */
function nounPhrase(rest: string): string {
  const last = rest.split(' ').at(-1) ?? rest;
  const plural = last.endsWith('s') && !/(?:ss|us|is)$/.test(last);
  return plural ? rest : `${article(rest)} ${rest}`;
}

/**
 * What a person wants when they need this tool (SDK `intent_for_tool`): `get_order` -> "check an order",
 * `create_refund` -> "request a refund", `cancel_booking` -> "cancel a booking", `update_address` -> "change an
 * address", `send_invoice` -> "send an invoice", `escalate_to_human` -> "escalate to a human".
 */
export function intentForTool(name: string): string {
  const tokens = toolNameTokens(name);
  const [verb, ...afterVerb] = tokens;
  if (verb === undefined) return '';
  let tail = afterVerb;
  let preposition = '';
  if (tail[0] !== undefined && NAME_PREPOSITIONS.has(tail[0])) {
    preposition = tail[0];
    tail = tail.slice(1);
  }
  const rest = tail.join(' ');
  if (rest === '') return preposition ? `${verb} ${preposition} someone` : `${verb} something`;
  const noun = nounPhrase(rest);
  if (preposition) return `${verb} ${preposition} ${noun}`;
  if (READ_VERBS.has(verb)) return `check ${noun}`;
  if (CREATE_VERBS.has(verb)) return `request ${noun}`;
  if (CANCEL_VERBS.has(verb)) return `cancel ${noun}`;
  if (UPDATE_VERBS.has(verb)) return `change ${noun}`;
  if (SEND_VERBS.has(verb)) return `send ${noun}`;
  return `${verb} ${noun}`;
}

/** Reads start with a read verb; anything naming a destructive act is destructive; the rest is other. */
export function toolKind(name: string): ToolKind {
  const tokens = toolNameTokens(name);
  if (tokens[0] !== undefined && READ_VERBS.has(tokens[0])) return 'read';
  return tokens.some((token) => DESTRUCTIVE_TOKENS.has(token)) ? 'destructive' : 'other';
}

/** The thing the agent deals in: the first noun of a destructive tool, else another tool, else a read; `request`. */
export function domainNoun(tools: readonly Pick<ToolSpec, 'name'>[]): string {
  for (const wanted of ['destructive', 'other', 'read'] as const) {
    for (const tool of tools) {
      if (toolKind(tool.name) !== wanted) continue;
      const noun = toolNameTokens(tool.name)[1];
      if (noun !== undefined) return noun;
    }
  }
  return 'request';
}

const KNOWN_ID = /\b[A-Z]{1,4}[-_]?\d{3,6}\b/g;

/**
 * The record ids the tools' descriptions name ("Orders on file: A1001, A1002"), tool and parameter descriptions
 * in document order, no repeats (SDK `known_ids`).
 */
export function knownIdsFromTools(tools: readonly ToolSpec[]): string[] {
  const found: string[] = [];
  for (const tool of tools) {
    const texts = [tool.description];
    const properties = tool.parameters.properties;
    if (properties !== null && typeof properties === 'object') {
      for (const property of Object.values(properties as Record<string, unknown>)) {
        const description = (property as { description?: unknown } | null)?.description;
        if (typeof description === 'string') texts.push(description);
      }
    }
    for (const text of texts) {
      for (const match of text.match(KNOWN_ID) ?? []) if (!found.includes(match)) found.push(match);
    }
  }
  return found;
}

/**
 * The reference a person quotes: a known id picked by `(int(sha256(scenario_id)[:8], 16) + 17 * variant) % n`,
 * else an invented `<PFX>-<1000 + draw % 9000>` (PFX: the first three letters of a read tool's noun, else REF),
 * which the world will usually not know.
 */
export function referenceId(scenarioId: string, tools: readonly ToolSpec[], knownIds: readonly string[], variant: number): string {
  const draw = Number.parseInt(sha256Hex(scenarioId).slice(0, 8), 16) + 17 * variant;
  if (knownIds.length > 0) return knownIds[draw % knownIds.length]!;
  let prefix = 'REF';
  for (const tool of tools) {
    const noun = toolNameTokens(tool.name)[1];
    if (toolKind(tool.name) === 'read' && noun !== undefined) {
      prefix = noun.slice(0, 3).toUpperCase();
      break;
    }
  }
  return `${prefix}-${1000 + (draw % 9000)}`;
}
